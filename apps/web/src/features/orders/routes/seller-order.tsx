import { useEffect, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { formatCHF, parseRappen, type OrderItem, type SellerOrder } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { useSellerOrder, useSellerOrderAction } from '../api/orders';
import { OrderThumb } from '../components/order-thumb';
import { PickupDialog } from '../components/pickup-dialog';
import { RequireLogin } from '../components/status-marks';
import { swissDate, swissTime } from '../lib/dates';
import { nothingLeft, orderCounts } from '../lib/order-totals';
import '../orders.css';

function ItemLine({ item, children }: { item: OrderItem; children?: ReactNode }) {
  return (
    <ListGroup.Item className="d-flex flex-wrap gap-2 gap-md-3 align-items-center">
      <OrderThumb src={item.image} alt={item.name} />
      <div style={{ flex: '1 1 10rem', minWidth: 0 }}>
        <div className="fw-semibold text-break">{item.name}</div>
        <div className="small text-body-secondary">
          Product # {item.product} · {item.quantity} × {formatCHF(item.price)} ={' '}
          {formatCHF((parseRappen(item.price) ?? 0) * item.quantity)}
        </div>
      </div>
      {children}
    </ListGroup.Item>
  );
}

function Detail({ id }: { id: string }) {
  const { data: so, isPending, isError, error } = useSellerOrder(id);
  const action = useSellerOrderAction(id);
  const [pickupItem, setPickupItem] = useState<OrderItem | null>(null);
  const completeTried = useRef(false);

  // Spec §4: once nothing is left to ship or hand over, complete the seller order (once).
  useEffect(() => {
    if (!so || completeTried.current) return;
    if (so.order.isPaid && !so.isCompleted && nothingLeft(so)) {
      completeTried.current = true;
      action.mutate({ kind: 'complete' });
    }
  }, [so, action]);

  if (isPending) return <Loader />;
  if (isError) return <Message variant="danger">{errorMessage(error)}</Message>;
  return (
    <>
      {action.isError && <Message variant="danger">{errorMessage(action.error)}</Message>}
      <SellerOrderBody
        so={so}
        busy={action.isPending}
        onSend={() => action.mutate({ kind: 'send' })}
        onPickup={setPickupItem}
      />
      <PickupDialog
        item={pickupItem}
        onClose={() => setPickupItem(null)}
        onConfirm={(code) => action.mutateAsync({ kind: 'retrieve', itemId: pickupItem!.id, code })}
      />
    </>
  );
}

function SellerOrderBody({
  so,
  busy,
  onSend,
  onPickup,
}: {
  so: SellerOrder;
  busy: boolean;
  onSend: () => void;
  onPickup: (item: OrderItem) => void;
}) {
  const paid = so.order.isPaid;
  const counts = orderCounts([so]);
  const stores = [...new Map(so.inStoreOrderItems.map((i) => [i.store?.id, i.store])).values()];
  return (
    <Row className="g-4">
      <Col lg={8}>
        <ListGroup variant="flush" className="bg-white border rounded mb-4">
          <ListGroup.Item className="py-3">
            <h2 className="h5">Customer</h2>
            <p className="mb-1">
              <strong>Username: </strong>
              {so.customer.username}
            </p>
            <p className="mb-0">
              <strong>Email: </strong>
              <a href={`mailto:${so.customer.email}`}>{so.customer.email}</a>
            </p>
          </ListGroup.Item>
          {so.onlineOrderItems.length > 0 && so.shippingAddress && (
            <ListGroup.Item className="py-3">
              <h2 className="h5">Shipping Address</h2>
              <p className="mb-0">
                {so.shippingAddress.address}, {so.shippingAddress.postalCode} {so.shippingAddress.city},{' '}
                {so.shippingAddress.country}
              </p>
            </ListGroup.Item>
          )}
          <ListGroup.Item className="py-3">
            <h2 className="h5">Payment</h2>
            {paid ? (
              <Badge bg="success" className="fs-6 fw-normal">
                Paid on {swissDate(so.order.paidAt)}
              </Badge>
            ) : (
              <Badge bg="danger" className="fs-6 fw-normal">
                Not Paid
              </Badge>
            )}
          </ListGroup.Item>
        </ListGroup>

        {so.onlineOrderItems.length > 0 && (
          <Card className="mb-4" as="section" aria-labelledby="shipping-items">
            <Card.Header className="bg-white d-flex flex-wrap justify-content-between align-items-center gap-2">
              <h2 className="h6 mb-0" id="shipping-items">
                Shipping Items
              </h2>
              {so.isShipped ? (
                <Badge bg="success" className="fw-normal fs-6">
                  Sent on {swissDate(so.shippedAt)} at {swissTime(so.shippedAt)}
                </Badge>
              ) : (
                <Button size="sm" disabled={!paid || busy} onClick={onSend}>
                  Mark As Sent
                </Button>
              )}
            </Card.Header>
            <ListGroup variant="flush">
              {so.onlineOrderItems.map((item) => (
                <ItemLine key={item.id} item={item} />
              ))}
              <ListGroup.Item className="d-flex justify-content-between small">
                <span>Shipping</span>
                <span>{parseRappen(so.shippingPrice) ? formatCHF(so.shippingPrice) : 'Free Shipping'}</span>
              </ListGroup.Item>
            </ListGroup>
          </Card>
        )}

        {so.inStoreOrderItems.length > 0 && (
          <Card className="mb-4" as="section" aria-labelledby="instore-items">
            <Card.Header className="bg-white">
              <h2 className="h6 mb-0" id="instore-items">
                In-Store Pick-up Items
              </h2>
            </Card.Header>
            <ListGroup variant="flush">
              {so.inStoreOrderItems.map((item) => (
                <ItemLine key={item.id} item={item}>
                  <div className="text-md-end small">
                    <div className="text-body-secondary mb-1">{item.store?.name}</div>
                    {item.isRetrieved ? (
                      <Badge bg="success" className="fw-normal">
                        Pickep up on {swissDate(item.retrievedAt)} at {swissTime(item.retrievedAt)}
                      </Badge>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={!paid || busy}
                        onClick={() => onPickup(item)}
                        aria-label={`Mark as Picked Up: ${item.name}`}
                      >
                        Mark as Picked Up
                      </Button>
                    )}
                  </div>
                </ItemLine>
              ))}
            </ListGroup>
          </Card>
        )}
        {!so.onlineOrderItems.length && !so.inStoreOrderItems.length && (
          <Message variant="info">Store Order is empty</Message>
        )}
      </Col>
      <Col lg={4}>
        <Card className="summary-card">
          <Card.Header as="h2" className="h5 bg-white py-3">
            Order Summary
          </Card.Header>
          <ListGroup variant="flush">
            <ListGroup.Item className="d-flex justify-content-between">
              <span>Items</span>
              <span>{counts.items}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>Price</span>
              <span>{formatCHF(so.itemsPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>Shipping</span>
              <span>{formatCHF(so.shippingPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span className="fw-semibold">Total</span>
              <span className="fw-bold">{formatCHF(so.totalPrice)}</span>
            </ListGroup.Item>
            {stores.length > 0 && (
              <ListGroup.Item>
                <div className="fw-semibold mb-1">Pick-up Locations</div>
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
              Customer order # {so.order.id} of {swissDate(so.order.createdAt)} at{' '}
              {swissTime(so.order.createdAt)}
            </ListGroup.Item>
            {so.isCompleted && (
              <ListGroup.Item>
                <Badge bg="success" className="fw-normal">
                  Completed on {swissDate(so.completedAt)}
                </Badge>
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
  usePageTitle(`Seller Order ${id}`);
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3 text-break">SELLER ORDER # {id}</h1>
        <Detail id={id} />
      </Container>
    </RequireLogin>
  );
}
