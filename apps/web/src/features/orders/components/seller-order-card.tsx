/**
 * A customer's view of one seller's part of an order: what is picked up where (with the
 * pick-up code), what is shipped, and the seller's subtotal.
 */
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { parseRappen, type OrderItem, type SellerOrder } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { isOver } from '../lib/order-totals';
import { OrderItemLine } from './order-item-line';
import { ParcelLine } from './parcel-line';

function CustomerItemLine({ item, children }: { item: OrderItem; children?: ReactNode }) {
  const f = useFormat();
  return (
    <OrderItemLine
      item={item}
      name={
        <Link to={paths.product(item.product)} className="text-break">
          {item.name}
        </Link>
      }
      detail={
        <>
          {f.number(item.quantity)} × {f.money(item.price)} ={' '}
          <strong>{f.money((parseRappen(item.price) ?? 0) * item.quantity)}</strong>
        </>
      }
    >
      {children && <div className="text-md-end small">{children}</div>}
    </OrderItemLine>
  );
}

/** One seller's part of the order: pick-up items with the code, shipped items, subtotal. */
export function SellerOrderCard({ sellerOrder }: { sellerOrder: SellerOrder }) {
  const online = sellerOrder.onlineOrderItems;
  const inStore = sellerOrder.inStoreOrderItems;
  const t = useT();
  const f = useFormat();
  // A part that will not go on says so instead of "Not Shipped" or "Not Retrieved".
  const over = isOver(sellerOrder);
  const overText = t(`orders.state.${sellerOrder.state}`);
  return (
    <Card className="mb-3" as="section" aria-labelledby={`seller-order-${sellerOrder.id}`}>
      <Card.Header className="bg-white d-flex flex-wrap justify-content-between gap-2">
        <h3 className="h6 mb-0" id={`seller-order-${sellerOrder.id}`}>
          {t('orders.sellerCard.title', { id: sellerOrder.id })}
        </h3>
        <span className="small">
          {t('orders.sellerCard.seller')}{' '}
          <Link to={paths.seller(sellerOrder.seller.id)}>{sellerOrder.seller.name}</Link>
        </span>
      </Card.Header>
      {sellerOrder.isCancelled && (
        <Card.Body className="pb-0">
          <Message variant="warning" className="mb-0">
            {t('orders.sellerCard.cancelledOn', { date: f.date(sellerOrder.cancelledAt) })}
            {sellerOrder.cancelReason && (
              <> {t('orders.sellerCard.reason', { reason: sellerOrder.cancelReason })}</>
            )}
          </Message>
        </Card.Body>
      )}
      {!online.length && !inStore.length && (
        <Card.Body>
          <Message variant="info" className="mb-0">
            {t('orders.storeOrderEmpty')}
          </Message>
        </Card.Body>
      )}
      {inStore.length > 0 && (
        <div className="border-bottom">
          <div className="px-3 pt-3 d-flex flex-wrap justify-content-between align-items-center gap-2">
            <h4 className="h6 mb-0">{t('orders.sellerCard.inStore')}</h4>
            {sellerOrder.pickupCode && !over && (
              <span className="small">
                {t('orders.pickupCode')} <span className="pickup-code">{sellerOrder.pickupCode}</span>
              </span>
            )}
          </div>
          <ListGroup variant="flush">
            {inStore.map((item) => (
              <CustomerItemLine key={item.id} item={item}>
                <div className="text-body-secondary mb-1">{item.store?.name}</div>
                {item.isRetrieved ? (
                  <Badge bg="success">
                    {t('orders.sellerCard.retrievedOn', { date: f.date(item.retrievedAt) })}
                  </Badge>
                ) : (
                  <Badge bg="secondary">{over ? overText : t('orders.sellerCard.notRetrieved')}</Badge>
                )}
              </CustomerItemLine>
            ))}
          </ListGroup>
        </div>
      )}
      {online.length > 0 && (
        <div>
          <div className="px-3 pt-3 d-flex flex-wrap justify-content-between align-items-center gap-2">
            <h4 className="h6 mb-0">{t('orders.sellerCard.shipping')}</h4>
            {sellerOrder.isShipped ? (
              <Badge bg="success">
                {t('orders.sellerCard.shippedOn', { date: f.date(sellerOrder.shippedAt) })}
              </Badge>
            ) : (
              <Badge bg="secondary">{over ? overText : t('orders.sellerCard.notShipped')}</Badge>
            )}
          </div>
          <div className="px-3 pt-2">
            <ParcelLine so={sellerOrder} />
          </div>
          <ListGroup variant="flush">
            {online.map((item) => (
              <CustomerItemLine key={item.id} item={item}>
                {parseRappen(item.shippingPrice) ? (
                  <>{t('orders.sellerCard.shippingPrice', { amount: f.money(item.shippingPrice) })}</>
                ) : (
                  <span className="text-success">{t('orders.freeShipping')}</span>
                )}
              </CustomerItemLine>
            ))}
          </ListGroup>
        </div>
      )}
      {(online.length > 0 || inStore.length > 0) && (
        <Card.Footer className="bg-white text-end">
          {t('orders.sellerCard.subtotal')} <strong>{f.money(sellerOrder.totalPrice)}</strong>
        </Card.Footer>
      )}
    </Card>
  );
}
