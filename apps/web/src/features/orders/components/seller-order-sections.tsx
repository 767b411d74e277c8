/**
 * The parts of a seller order's page: who ordered and whether it is paid, the items to send
 * (with Mark As Sent), the items to hand over in a store (with Mark As Picked Up), and the summary.
 */
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { parseRappen, type OrderItem, type SellerOrder } from '@marktgasse/shared';
import { SummaryRow } from '../../../components/summary-row';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { isOver, orderCounts, pickupStores } from '../lib/order-totals';
import { CustomerContact } from './customer-contact';
import { OrderItemLine } from './order-item-line';
import { DeliveryAddress, ParcelLine } from './parcel-line';

function SellerItemLine({ item, children }: { item: OrderItem; children?: ReactNode }) {
  const t = useT();
  const f = useFormat();
  return (
    <OrderItemLine
      item={item}
      name={<div className="fw-semibold text-break">{item.name}</div>}
      detail={
        <>
          {t('orders.seller.productNo', { id: item.product })} · {f.number(item.quantity)} ×{' '}
          {f.money(item.price)} = {f.money((parseRappen(item.price) ?? 0) * item.quantity)}
        </>
      }
    >
      {children}
    </OrderItemLine>
  );
}

/** The customer, the shipping address (when something is sent) and the payment state. */
export function SellerOrderCustomer({ so }: { so: SellerOrder }) {
  const t = useT();
  const f = useFormat();
  return (
    <ListGroup variant="flush" className="bg-white border rounded mb-4">
      <CustomerContact
        heading={t('orders.seller.customer')}
        nameLabel={t('orders.seller.username')}
        name={so.customer.username}
        emailLabel={t('orders.seller.email')}
        email={so.customer.email}
      />
      {so.onlineOrderItems.length > 0 && so.shippingAddress && (
        <ListGroup.Item className="py-3">
          <h2 className="h5">{t('orders.seller.shippingAddress')}</h2>
          <DeliveryAddress
            address={so.shippingAddress}
            labels={{
              recipient: t('orders.customer.recipient'),
              address: t('orders.customer.address'),
              phone: t('orders.seller.phone'),
            }}
          />
        </ListGroup.Item>
      )}
      <ListGroup.Item className="py-3">
        <h2 className="h5">{t('orders.seller.payment')}</h2>
        {so.order.isPaid ? (
          <Badge bg="success" className="fs-6 fw-normal">
            {t('orders.seller.paidOn', { date: f.date(so.order.paidAt) })}
          </Badge>
        ) : isOver(so) ? (
          <Badge bg="secondary" className="fs-6 fw-normal">
            {t(`orders.state.${so.state}`)}
          </Badge>
        ) : (
          <Badge bg="danger" className="fs-6 fw-normal">
            {t('orders.seller.notPaid')}
          </Badge>
        )}
      </ListGroup.Item>
    </ListGroup>
  );
}

/** The items to send, with Mark As Sent until they are. */
export function ShippingItems({ so, busy, onSend }: { so: SellerOrder; busy: boolean; onSend: () => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <Card className="mb-4" as="section" aria-labelledby="shipping-items">
      <Card.Header className="bg-white d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h2 className="h6 mb-0" id="shipping-items">
          {t('orders.seller.shippingItems')}
        </h2>
        {so.isShipped ? (
          <Badge bg="success" className="fw-normal fs-6" id="shipping-status" tabIndex={-1}>
            {t('orders.seller.sentOn', { date: f.date(so.shippedAt), time: f.time(so.shippedAt) })}
          </Badge>
        ) : isOver(so) ? (
          <Badge bg="secondary" className="fw-normal fs-6">
            {t(`orders.state.${so.state}`)}
          </Badge>
        ) : (
          <Button size="sm" disabled={!so.order.isPaid || busy} onClick={onSend}>
            {t('orders.seller.markSent')}
          </Button>
        )}
      </Card.Header>
      {so.isShipped && (so.carrier || so.trackingNumber) && (
        <Card.Body className="py-2">
          <ParcelLine so={so} />
        </Card.Body>
      )}
      <ListGroup variant="flush">
        {so.onlineOrderItems.map((item) => (
          <SellerItemLine key={item.id} item={item} />
        ))}
        <ListGroup.Item className="d-flex justify-content-between small">
          <span>{t('orders.seller.shipping')}</span>
          <span>{parseRappen(so.shippingPrice) ? f.money(so.shippingPrice) : t('orders.freeShipping')}</span>
        </ListGroup.Item>
      </ListGroup>
    </Card>
  );
}

/** The items to hand over in a store, each with Mark As Picked Up until it is. */
export function InStoreItems({
  so,
  busy,
  onPickup,
}: {
  so: SellerOrder;
  busy: boolean;
  onPickup: (item: OrderItem) => void;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <Card className="mb-4" as="section" aria-labelledby="instore-items">
      <Card.Header className="bg-white">
        <h2 className="h6 mb-0" id="instore-items">
          {t('orders.seller.inStoreItems')}
        </h2>
      </Card.Header>
      <ListGroup variant="flush">
        {so.inStoreOrderItems.map((item) => (
          <SellerItemLine key={item.id} item={item}>
            <div className="text-md-end small">
              <div className="text-body-secondary mb-1">{item.store?.name}</div>
              {item.isRetrieved ? (
                <Badge bg="success" className="fw-normal" id={`pickup-status-${item.id}`} tabIndex={-1}>
                  {t('orders.seller.pickedUpOn', {
                    date: f.date(item.retrievedAt),
                    time: f.time(item.retrievedAt),
                  })}
                </Badge>
              ) : so.isCancelled ? null : (
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={!so.order.isPaid || busy}
                  onClick={() => onPickup(item)}
                  aria-label={t('orders.seller.markPickedUpOf', { name: item.name })}
                >
                  {t('orders.seller.markPickedUp')}
                </Button>
              )}
            </div>
          </SellerItemLine>
        ))}
      </ListGroup>
    </Card>
  );
}

/** Counts and totals, the pick-up stores, the customer order it belongs to, and completion. */
export function SellerOrderSummary({ so }: { so: SellerOrder }) {
  const t = useT();
  const f = useFormat();
  const stores = pickupStores(so);
  return (
    <Card className="summary-card">
      <Card.Header as="h2" className="h5 bg-white py-3">
        {t('orders.summary.title')}
      </Card.Header>
      <ListGroup variant="flush">
        <SummaryRow label={t('orders.summary.items')} value={f.number(orderCounts([so]).items)} />
        <SummaryRow label={t('orders.summary.price')} value={f.money(so.itemsPrice)} />
        <SummaryRow label={t('orders.summary.shipping')} value={f.money(so.shippingPrice)} />
        <SummaryRow label={t('orders.summary.total')} value={f.money(so.totalPrice)} strong />
        {stores.length > 0 && (
          <ListGroup.Item>
            <div className="fw-semibold mb-1">{t('orders.seller.pickupLocations')}</div>
            <ul className="list-unstyled small mb-0">
              {stores.map((store, index) => (
                <li key={store?.id ?? index}>
                  {store?.name}
                  {store?.city ? `, ${store.city}` : ''}
                </li>
              ))}
            </ul>
          </ListGroup.Item>
        )}
        <ListGroup.Item className="small">
          {t('orders.seller.customerOrderOf', {
            id: so.order.id,
            date: f.date(so.order.createdAt),
            time: f.time(so.order.createdAt),
          })}
        </ListGroup.Item>
        {so.isCompleted && (
          <ListGroup.Item>
            <Badge bg="success" className="fw-normal">
              {t('orders.seller.completedOn', { date: f.date(so.completedAt) })}
            </Badge>
          </ListGroup.Item>
        )}
      </ListGroup>
    </Card>
  );
}
