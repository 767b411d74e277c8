import { useEffect, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { parseRappen, type Order, type OrderItem, type SellerOrder } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useLocale, useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { createPaypalOrder, useOrder, usePaymentConfig, usePayOrder } from '../api/orders';
import { OrderThumb } from '../components/order-thumb';
import { PaypalButtons } from '../components/paypal-buttons';
import { RequireLogin } from '../components/status-marks';
import { holdTimeText, minutesLeft } from '../lib/dates';
import { orderCounts } from '../lib/order-totals';
import '../orders.css';

function ItemRow({ item, children }: { item: OrderItem; children?: ReactNode }) {
  const f = useFormat();
  return (
    <ListGroup.Item className="d-flex flex-wrap gap-2 gap-md-3 align-items-center">
      <OrderThumb src={item.image} alt={item.name} />
      <div style={{ flex: '1 1 10rem', minWidth: 0 }}>
        <Link to={paths.product(item.product)} className="text-break">
          {item.name}
        </Link>
        <div className="small text-body-secondary">
          {f.number(item.quantity)} × {f.money(item.price)} ={' '}
          <strong>{f.money((parseRappen(item.price) ?? 0) * item.quantity)}</strong>
        </div>
      </div>
      {children && <div className="text-md-end small">{children}</div>}
    </ListGroup.Item>
  );
}

function SellerOrderCard({ sellerOrder }: { sellerOrder: SellerOrder }) {
  const online = sellerOrder.onlineOrderItems;
  const inStore = sellerOrder.inStoreOrderItems;
  const t = useT();
  const f = useFormat();
  return (
    <Card className="mb-3" as="section" aria-labelledby={`seller-order-${sellerOrder.id}`}>
      <Card.Header className="bg-white d-flex flex-wrap justify-content-between gap-2">
        <h3 className="h6 mb-0" id={`seller-order-${sellerOrder.id}`}>
          {t('orders.sellerCard.title', { id: sellerOrder.id })}
        </h3>
        <span className="small">
          {t('orders.sellerCard.seller')}{' '}
          <Link to={paths.seller(sellerOrder.seller.id)}>{sellerOrder.seller.username}</Link>
        </span>
      </Card.Header>
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
            {sellerOrder.pickupCode && (
              <span className="small">
                {t('orders.pickupCode')} <span className="pickup-code">{sellerOrder.pickupCode}</span>
              </span>
            )}
          </div>
          <ListGroup variant="flush">
            {inStore.map((item) => (
              <ItemRow key={item.id} item={item}>
                <div className="text-body-secondary mb-1">{item.store?.name}</div>
                {item.isRetrieved ? (
                  <Badge bg="success">
                    {t('orders.sellerCard.retrievedOn', { date: f.date(item.retrievedAt) })}
                  </Badge>
                ) : (
                  <Badge bg="secondary">{t('orders.sellerCard.notRetrieved')}</Badge>
                )}
              </ItemRow>
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
              <Badge bg="secondary">{t('orders.sellerCard.notShipped')}</Badge>
            )}
          </div>
          <ListGroup variant="flush">
            {online.map((item) => (
              <ItemRow key={item.id} item={item}>
                {parseRappen(item.shippingPrice) ? (
                  <>{t('orders.sellerCard.shippingPrice', { amount: f.money(item.shippingPrice) })}</>
                ) : (
                  <span className="text-success">{t('orders.freeShipping')}</span>
                )}
              </ItemRow>
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

/** The minutes an unpaid order still holds its stock; refreshes the order when the time is up. */
function HoldTime({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const left = minutesLeft(expiresAt, now);
  const reported = useRef(false);
  useEffect(() => {
    if (left === 0 && !reported.current) {
      reported.current = true;
      onExpired();
    }
  }, [left, onExpired]);
  if (left === 0) return null;
  return (
    <p className="small text-body-secondary mb-2" data-testid="hold-time">
      {holdTimeText(left, t, locale, f.number(left))}
    </p>
  );
}

function PayBox({ order, refetch }: { order: Order; refetch: () => void }) {
  const config = usePaymentConfig(true);
  const pay = usePayOrder(String(order.id));
  const [paypalError, setPaypalError] = useState<string | null>(null);
  const t = useT();
  return (
    <>
      <HoldTime expiresAt={order.expiresAt} onExpired={refetch} />
      {config.isPending && <Loader label={t('orders.pay.loading')} />}
      {config.isError && <Message variant="danger">{errorMessage(config.error)}</Message>}
      {pay.isError && <Message variant="danger">{errorMessage(pay.error)}</Message>}
      {paypalError && <Message variant="danger">{paypalError}</Message>}
      {config.data?.provider === 'test' && (
        <>
          <Button
            variant="warning"
            className="w-100"
            disabled={pay.isPending}
            onClick={() => pay.mutate(undefined)}
          >
            {pay.isPending ? t('orders.pay.paying') : t('orders.pay.test')}
          </Button>
          <p className="small text-body-secondary mt-2 mb-0">{t('orders.pay.testNote')}</p>
        </>
      )}
      {config.data?.provider === 'paypal' && config.data.clientId && (
        <PaypalButtons
          clientId={config.data.clientId}
          currency={config.data.currency}
          createOrder={async () => {
            setPaypalError(null);
            return (await createPaypalOrder(order.id)).id;
          }}
          onApprove={async (paypalOrderId) => {
            await pay.mutateAsync(paypalOrderId).catch(() => undefined);
          }}
          onError={(error) => setPaypalError(errorMessage(error))}
        />
      )}
    </>
  );
}

function OrderDetail({ id }: { id: string }) {
  const { data: order, isPending, isError, error, refetch } = useOrder(id);
  const t = useT();
  const f = useFormat();
  if (isPending) return <Loader />;
  if (isError) return <Message variant="danger">{errorMessage(error)}</Message>;

  const counts = orderCounts(order.sellerOrder);
  const pickups = order.sellerOrder.filter((so) => so.inStoreOrderItems.length > 0);
  const totalRappen = (parseRappen(order.totalPrice) ?? 0) + (parseRappen(order.totalShippingPrice) ?? 0);
  const expired = order.status === 'expired';

  return (
    <Row className="g-4">
      <Col lg={8}>
        <ListGroup variant="flush" className="bg-white border rounded mb-4">
          <ListGroup.Item className="py-3">
            <h2 className="h5">{t('orders.customer.heading')}</h2>
            <p className="mb-1">
              <strong>{t('orders.customer.name')} </strong>
              {order.customer.name}
            </p>
            <p className="mb-0">
              <strong>{t('orders.customer.email')} </strong>
              <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
            </p>
          </ListGroup.Item>
          {counts.online > 0 && order.shippingAddress && (
            <ListGroup.Item className="py-3">
              <h2 className="h5">{t('orders.customer.shipping')}</h2>
              <p className="mb-0">
                <strong>{t('orders.customer.address')} </strong>
                {order.shippingAddress.address}, {order.shippingAddress.postalCode}{' '}
                {order.shippingAddress.city}, {order.shippingAddress.country}
              </p>
            </ListGroup.Item>
          )}
          {pickups.length > 0 && (
            <ListGroup.Item className="py-3">
              <h2 className="h5">{t('orders.customer.pickupLocations')}</h2>
              <ul className="list-unstyled mb-0">
                {pickups.map((so) => {
                  const stores = [
                    ...new Map(so.inStoreOrderItems.map((i) => [i.store?.id, i.store])).values(),
                  ];
                  return (
                    <li key={so.id} className="mb-2">
                      {stores.map((store, index) => (
                        <div key={store?.id ?? index}>
                          <strong>{store?.owner_name ?? so.seller.username}</strong>: {store?.name}
                          {store?.city ? `, ${store.city}` : ''}
                        </div>
                      ))}
                      {so.pickupCode && (
                        <div className="small">
                          {t('orders.pickupCode')} <span className="pickup-code">{so.pickupCode}</span>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </ListGroup.Item>
          )}
          <ListGroup.Item className="py-3">
            <h2 className="h5">{t('orders.customer.paymentMethod')}</h2>
            <p className="mb-2">
              <strong>{t('orders.customer.method')} </strong>
              {order.paymentMethod}
            </p>
            {order.isPaid ? (
              <Message variant="success" className="mb-0">
                {t('orders.customer.paidOnAt', { date: f.date(order.paidAt), time: f.time(order.paidAt) })}
              </Message>
            ) : (
              <Badge bg="danger" className="fs-6 fw-normal">
                {t('orders.customer.notPaid')}
              </Badge>
            )}
          </ListGroup.Item>
        </ListGroup>
        <h2 className="h5 mb-3">{t('orders.customer.sellerOrders')}</h2>
        {order.sellerOrder.map((so) => (
          <SellerOrderCard key={so.id} sellerOrder={so} />
        ))}
      </Col>
      <Col lg={4}>
        <Card className="summary-card">
          <Card.Header as="h2" className="h5 bg-white py-3">
            {t('orders.summary.title')}
          </Card.Header>
          <ListGroup variant="flush">
            <ListGroup.Item className="d-flex justify-content-between">
              <span>{t('orders.summary.sellers')}</span>
              <span>{f.number(order.sellerOrder.length)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>{t('orders.summary.items')}</span>
              <span>{f.number(counts.items)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>{t('orders.summary.price')}</span>
              <span>{f.money(order.totalPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>{t('orders.summary.shipping')}</span>
              <span>{f.money(order.totalShippingPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span className="fw-semibold">{t('orders.summary.total')}</span>
              <span className="fw-bold" data-testid="order-total">
                {f.money(totalRappen)}
              </span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between small text-body-secondary">
              <span>{t('orders.customer.ordered')}</span>
              <span>
                {t('orders.dateAtTime', { date: f.date(order.createdAt), time: f.time(order.createdAt) })}
              </span>
            </ListGroup.Item>
            {!order.isPaid && (
              <ListGroup.Item className="py-3">
                {expired ? (
                  <Message variant="warning" className="mb-0">
                    {t('orders.customer.expired', {
                      date: f.date(order.expiresAt),
                      time: f.time(order.expiresAt),
                    })}
                  </Message>
                ) : (
                  <PayBox order={order} refetch={() => void refetch()} />
                )}
              </ListGroup.Item>
            )}
          </ListGroup>
        </Card>
      </Col>
    </Row>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const t = useT();
  usePageTitle(t('orders.customer.pageTitle', { id }));
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3 text-break">{t('orders.customer.title', { id })}</h1>
        <OrderDetail id={id} />
      </Container>
    </RequireLogin>
  );
}
