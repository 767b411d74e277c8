/**
 * The parts of a customer's order page: who ordered, where it goes or is picked up (with the
 * pick-up codes), how it is paid, and the summary with the payment box while it is unpaid.
 */
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { Order } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { SummaryRow } from '../../../components/summary-row';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { isOver, orderCounts, orderIsOver, pickupStores } from '../lib/order-totals';
import { paymentMethodLabel } from '../lib/payment-method';
import { BankRefundBox } from './bank-refund-box';
import { CancelOrderBox } from './cancel-order';
import { CustomerContact } from './customer-contact';
import { DeliveryAddress } from './parcel-line';
import { PayBox } from './pay-box';
import { ReceiptLink } from './receipt-link';

/** The customer, the shipping address (when something is shipped), pick-up places and payment. */
export function OrderParticulars({ order }: { order: Order }) {
  const t = useT();
  const f = useFormat();
  const pickups = order.sellerOrder.filter((so) => so.inStoreOrderItems.length > 0);
  return (
    <ListGroup variant="flush" className="bg-white border rounded mb-4">
      <CustomerContact
        heading={t('orders.customer.heading')}
        nameLabel={t('orders.customer.name')}
        name={order.customer.name}
        emailLabel={t('orders.customer.email')}
        email={order.customer.email}
      />
      {orderCounts(order.sellerOrder).online > 0 && order.shippingAddress && (
        <ListGroup.Item className="py-3">
          <h2 className="h5">{t('orders.customer.shipping')}</h2>
          <DeliveryAddress
            address={order.shippingAddress}
            labels={{
              recipient: t('orders.customer.recipient'),
              address: t('orders.customer.address'),
              phone: t('orders.customer.phone'),
            }}
          />
        </ListGroup.Item>
      )}
      {pickups.length > 0 && (
        <ListGroup.Item className="py-3">
          <h2 className="h5">{t('orders.customer.pickupLocations')}</h2>
          <ul className="list-unstyled mb-0">
            {pickups.map((so) => (
              <li key={so.id} className="mb-2">
                {pickupStores(so).map((store, index) => (
                  <div key={store?.id ?? index}>
                    <strong>{store?.owner_name ?? so.seller.username}</strong>: {store?.name}
                    {store?.city ? `, ${store.city}` : ''}
                  </div>
                ))}
                {so.pickupCode && !isOver(so) && (
                  <div className="small">
                    {t('orders.pickupCode')} <span className="pickup-code">{so.pickupCode}</span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </ListGroup.Item>
      )}
      <ListGroup.Item className="py-3">
        <h2 className="h5">{t('orders.customer.paymentMethod')}</h2>
        <p className="mb-2">
          <strong>{t('orders.customer.method')} </strong>
          {paymentMethodLabel(order.paymentMethod, t)}
        </p>
        {order.isPaid ? (
          // Not a live region: paying here moves focus to it and says it once (pay-box, swiss-pay).
          <Message variant="success" className="mb-0" id="payment-status" live={false}>
            {t('orders.customer.paidOnAt', { date: f.date(order.paidAt), time: f.time(order.paidAt) })}
          </Message>
        ) : orderIsOver(order) ? (
          <Badge bg="secondary" className="fs-6 fw-normal" data-testid="order-over">
            {t(`orders.status.${order.status}`)}
          </Badge>
        ) : (
          <Badge bg="danger" className="fs-6 fw-normal">
            {t('orders.customer.notPaid')}
          </Badge>
        )}
      </ListGroup.Item>
    </ListGroup>
  );
}

/** Counts and totals (the total is the API's totalAmount), and paying while the order is unpaid. */
export function OrderSummary({ order, refetch }: { order: Order; refetch: () => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <Card className="summary-card">
      <Card.Header as="h2" className="h5 bg-white py-3">
        {t('orders.summary.title')}
      </Card.Header>
      <ListGroup variant="flush">
        <SummaryRow label={t('orders.summary.sellers')} value={f.number(order.sellerOrder.length)} />
        <SummaryRow
          label={t('orders.summary.items')}
          value={f.number(orderCounts(order.sellerOrder).items)}
        />
        <SummaryRow label={t('orders.summary.price')} value={f.money(order.totalPrice)} />
        <SummaryRow label={t('orders.summary.shipping')} value={f.money(order.totalShippingPrice)} />
        <SummaryRow
          label={t('orders.summary.total')}
          value={f.money(order.totalAmount)}
          strong
          testId="order-total"
        />
        {order.refundedAmount !== '0.00' && (
          <SummaryRow
            label={t('orders.summary.refunded')}
            value={f.money(order.refundedAmount)}
            testId="order-refunded"
          />
        )}
        <SummaryRow
          label={t('orders.summary.status')}
          value={t(`orders.status.${order.status}`)}
          testId="order-status"
        />
        <ListGroup.Item className="d-flex justify-content-between small text-body-secondary">
          <span>{t('orders.customer.ordered')}</span>
          <span>
            {t('orders.dateAtTime', { date: f.date(order.createdAt), time: f.time(order.createdAt) })}
          </span>
        </ListGroup.Item>
        {order.cancelledAt && (
          <ListGroup.Item className="py-3">
            <Message variant="warning" className="mb-0">
              {t('orders.customer.cancelledOn', {
                date: f.date(order.cancelledAt),
                time: f.time(order.cancelledAt),
              })}
            </Message>
          </ListGroup.Item>
        )}
        {!order.isPaid && order.status !== 'cancelled' && order.status !== 'refunded' && (
          <ListGroup.Item className="py-3">
            {order.status === 'expired' ? (
              <Message variant="warning" className="mb-0">
                {t('orders.customer.expired', {
                  date: f.date(order.expiresAt),
                  time: f.time(order.expiresAt),
                })}
              </Message>
            ) : (
              <PayBox order={order} refetch={refetch} />
            )}
          </ListGroup.Item>
        )}
        <ReceiptLink order={order} />
        <BankRefundBox order={order} />
        <CancelOrderBox order={order} />
      </ListGroup>
    </Card>
  );
}
