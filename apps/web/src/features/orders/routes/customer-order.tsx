import { useEffect, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { formatCHF, parseRappen, type Order, type OrderItem, type SellerOrder } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { createPaypalOrder, useOrder, usePaymentConfig, usePayOrder } from '../api/orders';
import { OrderThumb } from '../components/order-thumb';
import { PaypalButtons } from '../components/paypal-buttons';
import { RequireLogin } from '../components/status-marks';
import { holdTimeText, minutesLeft, swissDate, swissTime } from '../lib/dates';
import { orderCounts } from '../lib/order-totals';
import '../orders.css';

function ItemRow({ item, children }: { item: OrderItem; children?: ReactNode }) {
  return (
    <ListGroup.Item className="d-flex flex-wrap gap-2 gap-md-3 align-items-center">
      <OrderThumb src={item.image} alt={item.name} />
      <div style={{ flex: '1 1 10rem', minWidth: 0 }}>
        <Link to={paths.product(item.product)} className="text-break">
          {item.name}
        </Link>
        <div className="small text-body-secondary">
          {item.quantity} × {formatCHF(item.price)} ={' '}
          <strong>{formatCHF((parseRappen(item.price) ?? 0) * item.quantity)}</strong>
        </div>
      </div>
      {children && <div className="text-md-end small">{children}</div>}
    </ListGroup.Item>
  );
}

function SellerOrderCard({ sellerOrder }: { sellerOrder: SellerOrder }) {
  const online = sellerOrder.onlineOrderItems;
  const inStore = sellerOrder.inStoreOrderItems;
  return (
    <Card className="mb-3" as="section" aria-labelledby={`seller-order-${sellerOrder.id}`}>
      <Card.Header className="bg-white d-flex flex-wrap justify-content-between gap-2">
        <h3 className="h6 mb-0" id={`seller-order-${sellerOrder.id}`}>
          Seller Order # {sellerOrder.id}
        </h3>
        <span className="small">
          Seller: <Link to={paths.seller(sellerOrder.seller.id)}>{sellerOrder.seller.username}</Link>
        </span>
      </Card.Header>
      {!online.length && !inStore.length && (
        <Card.Body>
          <Message variant="info" className="mb-0">
            Store Order is empty
          </Message>
        </Card.Body>
      )}
      {inStore.length > 0 && (
        <div className="border-bottom">
          <div className="px-3 pt-3 d-flex flex-wrap justify-content-between align-items-center gap-2">
            <h4 className="h6 mb-0">In-Store Pick-up</h4>
            {sellerOrder.pickupCode && (
              <span className="small">
                Pick-up code: <span className="pickup-code">{sellerOrder.pickupCode}</span>
              </span>
            )}
          </div>
          <ListGroup variant="flush">
            {inStore.map((item) => (
              <ItemRow key={item.id} item={item}>
                <div className="text-body-secondary mb-1">{item.store?.name}</div>
                {item.isRetrieved ? (
                  <Badge bg="success">Retrieved on {swissDate(item.retrievedAt)}</Badge>
                ) : (
                  <Badge bg="secondary">Not Retrieved</Badge>
                )}
              </ItemRow>
            ))}
          </ListGroup>
        </div>
      )}
      {online.length > 0 && (
        <div>
          <div className="px-3 pt-3 d-flex flex-wrap justify-content-between align-items-center gap-2">
            <h4 className="h6 mb-0">Shipping</h4>
            {sellerOrder.isShipped ? (
              <Badge bg="success">Shipped on {swissDate(sellerOrder.shippedAt)}</Badge>
            ) : (
              <Badge bg="secondary">Not Shipped</Badge>
            )}
          </div>
          <ListGroup variant="flush">
            {online.map((item) => (
              <ItemRow key={item.id} item={item}>
                {parseRappen(item.shippingPrice) ? (
                  <>Shipping: {formatCHF(item.shippingPrice)}</>
                ) : (
                  <span className="text-success">Free Shipping</span>
                )}
              </ItemRow>
            ))}
          </ListGroup>
        </div>
      )}
      {(online.length > 0 || inStore.length > 0) && (
        <Card.Footer className="bg-white text-end">
          Subtotal: <strong>{formatCHF(sellerOrder.totalPrice)}</strong>
        </Card.Footer>
      )}
    </Card>
  );
}

/** The minutes an unpaid order still holds its stock; refreshes the order when the time is up. */
function HoldTime({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
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
      {holdTimeText(left)}
    </p>
  );
}

function PayBox({ order, refetch }: { order: Order; refetch: () => void }) {
  const config = usePaymentConfig(true);
  const pay = usePayOrder(String(order.id));
  const [paypalError, setPaypalError] = useState<string | null>(null);
  return (
    <>
      <HoldTime expiresAt={order.expiresAt} onExpired={refetch} />
      {config.isPending && <Loader label="Loading payment options…" />}
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
            {pay.isPending ? 'Paying…' : 'Test payment'}
          </Button>
          <p className="small text-body-secondary mt-2 mb-0">
            Test mode: no real payment provider is configured, no money is charged.
          </p>
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
            <h2 className="h5">Customer</h2>
            <p className="mb-1">
              <strong>Name: </strong>
              {order.customer.name}
            </p>
            <p className="mb-0">
              <strong>Email: </strong>
              <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
            </p>
          </ListGroup.Item>
          {counts.online > 0 && order.shippingAddress && (
            <ListGroup.Item className="py-3">
              <h2 className="h5">Shipping</h2>
              <p className="mb-0">
                <strong>Address: </strong>
                {order.shippingAddress.address}, {order.shippingAddress.postalCode}{' '}
                {order.shippingAddress.city}, {order.shippingAddress.country}
              </p>
            </ListGroup.Item>
          )}
          {pickups.length > 0 && (
            <ListGroup.Item className="py-3">
              <h2 className="h5">Pick-up Locations</h2>
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
                          Pick-up code: <span className="pickup-code">{so.pickupCode}</span>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </ListGroup.Item>
          )}
          <ListGroup.Item className="py-3">
            <h2 className="h5">Payment Method</h2>
            <p className="mb-2">
              <strong>Method: </strong>
              {order.paymentMethod}
            </p>
            {order.isPaid ? (
              <Message variant="success" className="mb-0">
                Paid on {swissDate(order.paidAt)} at {swissTime(order.paidAt)}
              </Message>
            ) : (
              <Badge bg="danger" className="fs-6 fw-normal">
                Not Paid
              </Badge>
            )}
          </ListGroup.Item>
        </ListGroup>
        <h2 className="h5 mb-3">Seller Orders</h2>
        {order.sellerOrder.map((so) => (
          <SellerOrderCard key={so.id} sellerOrder={so} />
        ))}
      </Col>
      <Col lg={4}>
        <Card className="summary-card">
          <Card.Header as="h2" className="h5 bg-white py-3">
            Order Summary
          </Card.Header>
          <ListGroup variant="flush">
            <ListGroup.Item className="d-flex justify-content-between">
              <span>Sellers</span>
              <span>{order.sellerOrder.length}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>Items</span>
              <span>{counts.items}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>Price</span>
              <span>{formatCHF(order.totalPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>Shipping</span>
              <span>{formatCHF(order.totalShippingPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span className="fw-semibold">Total</span>
              <span className="fw-bold" data-testid="order-total">
                {formatCHF(totalRappen)}
              </span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between small text-body-secondary">
              <span>Ordered</span>
              <span>
                {swissDate(order.createdAt)} at {swissTime(order.createdAt)}
              </span>
            </ListGroup.Item>
            {!order.isPaid && (
              <ListGroup.Item className="py-3">
                {expired ? (
                  <Message variant="warning" className="mb-0">
                    This order expired on {swissDate(order.expiresAt)} at {swissTime(order.expiresAt)} because
                    it was not paid in time; its items were released.
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
  usePageTitle(`Order ${id}`);
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3 text-break">CUSTOMER ORDER # {id}</h1>
        <OrderDetail id={id} />
      </Container>
    </RequireLogin>
  );
}
