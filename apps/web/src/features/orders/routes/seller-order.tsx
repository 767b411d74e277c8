import { useEffect, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { parseRappen, type OrderItem, type SellerOrder } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useSellerOrder, useSellerOrderAction } from '../api/orders';
import { OrderThumb } from '../components/order-thumb';
import { PickupDialog } from '../components/pickup-dialog';
import { RequireLogin } from '../components/status-marks';
import { nothingLeft, orderCounts } from '../lib/order-totals';
import '../orders.css';

function ItemLine({ item, children }: { item: OrderItem; children?: ReactNode }) {
  const t = useT();
  const f = useFormat();
  return (
    <ListGroup.Item className="d-flex flex-wrap gap-2 gap-md-3 align-items-center">
      <OrderThumb src={item.image} alt={item.name} />
      <div style={{ flex: '1 1 10rem', minWidth: 0 }}>
        <div className="fw-semibold text-break">{item.name}</div>
        <div className="small text-body-secondary">
          {t('orders.seller.productNo', { id: item.product })} · {f.number(item.quantity)} ×{' '}
          {f.money(item.price)} = {f.money((parseRappen(item.price) ?? 0) * item.quantity)}
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
  const t = useT();
  const f = useFormat();
  const paid = so.order.isPaid;
  const counts = orderCounts([so]);
  const stores = [...new Map(so.inStoreOrderItems.map((i) => [i.store?.id, i.store])).values()];
  return (
    <Row className="g-4">
      <Col lg={8}>
        <ListGroup variant="flush" className="bg-white border rounded mb-4">
          <ListGroup.Item className="py-3">
            <h2 className="h5">{t('orders.seller.customer')}</h2>
            <p className="mb-1">
              <strong>{t('orders.seller.username')} </strong>
              {so.customer.username}
            </p>
            <p className="mb-0">
              <strong>{t('orders.seller.email')} </strong>
              <a href={`mailto:${so.customer.email}`}>{so.customer.email}</a>
            </p>
          </ListGroup.Item>
          {so.onlineOrderItems.length > 0 && so.shippingAddress && (
            <ListGroup.Item className="py-3">
              <h2 className="h5">{t('orders.seller.shippingAddress')}</h2>
              <p className="mb-0">
                {so.shippingAddress.address}, {so.shippingAddress.postalCode} {so.shippingAddress.city},{' '}
                {so.shippingAddress.country}
              </p>
            </ListGroup.Item>
          )}
          <ListGroup.Item className="py-3">
            <h2 className="h5">{t('orders.seller.payment')}</h2>
            {paid ? (
              <Badge bg="success" className="fs-6 fw-normal">
                {t('orders.seller.paidOn', { date: f.date(so.order.paidAt) })}
              </Badge>
            ) : (
              <Badge bg="danger" className="fs-6 fw-normal">
                {t('orders.seller.notPaid')}
              </Badge>
            )}
          </ListGroup.Item>
        </ListGroup>

        {so.onlineOrderItems.length > 0 && (
          <Card className="mb-4" as="section" aria-labelledby="shipping-items">
            <Card.Header className="bg-white d-flex flex-wrap justify-content-between align-items-center gap-2">
              <h2 className="h6 mb-0" id="shipping-items">
                {t('orders.seller.shippingItems')}
              </h2>
              {so.isShipped ? (
                <Badge bg="success" className="fw-normal fs-6">
                  {t('orders.seller.sentOn', { date: f.date(so.shippedAt), time: f.time(so.shippedAt) })}
                </Badge>
              ) : (
                <Button size="sm" disabled={!paid || busy} onClick={onSend}>
                  {t('orders.seller.markSent')}
                </Button>
              )}
            </Card.Header>
            <ListGroup variant="flush">
              {so.onlineOrderItems.map((item) => (
                <ItemLine key={item.id} item={item} />
              ))}
              <ListGroup.Item className="d-flex justify-content-between small">
                <span>{t('orders.seller.shipping')}</span>
                <span>
                  {parseRappen(so.shippingPrice) ? f.money(so.shippingPrice) : t('orders.freeShipping')}
                </span>
              </ListGroup.Item>
            </ListGroup>
          </Card>
        )}

        {so.inStoreOrderItems.length > 0 && (
          <Card className="mb-4" as="section" aria-labelledby="instore-items">
            <Card.Header className="bg-white">
              <h2 className="h6 mb-0" id="instore-items">
                {t('orders.seller.inStoreItems')}
              </h2>
            </Card.Header>
            <ListGroup variant="flush">
              {so.inStoreOrderItems.map((item) => (
                <ItemLine key={item.id} item={item}>
                  <div className="text-md-end small">
                    <div className="text-body-secondary mb-1">{item.store?.name}</div>
                    {item.isRetrieved ? (
                      <Badge bg="success" className="fw-normal">
                        {t('orders.seller.pickedUpOn', {
                          date: f.date(item.retrievedAt),
                          time: f.time(item.retrievedAt),
                        })}
                      </Badge>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={!paid || busy}
                        onClick={() => onPickup(item)}
                        aria-label={t('orders.seller.markPickedUpOf', { name: item.name })}
                      >
                        {t('orders.seller.markPickedUp')}
                      </Button>
                    )}
                  </div>
                </ItemLine>
              ))}
            </ListGroup>
          </Card>
        )}
        {!so.onlineOrderItems.length && !so.inStoreOrderItems.length && (
          <Message variant="info">{t('orders.storeOrderEmpty')}</Message>
        )}
      </Col>
      <Col lg={4}>
        <Card className="summary-card">
          <Card.Header as="h2" className="h5 bg-white py-3">
            {t('orders.summary.title')}
          </Card.Header>
          <ListGroup variant="flush">
            <ListGroup.Item className="d-flex justify-content-between">
              <span>{t('orders.summary.items')}</span>
              <span>{f.number(counts.items)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>{t('orders.summary.price')}</span>
              <span>{f.money(so.itemsPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span>{t('orders.summary.shipping')}</span>
              <span>{f.money(so.shippingPrice)}</span>
            </ListGroup.Item>
            <ListGroup.Item className="d-flex justify-content-between">
              <span className="fw-semibold">{t('orders.summary.total')}</span>
              <span className="fw-bold">{f.money(so.totalPrice)}</span>
            </ListGroup.Item>
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
      </Col>
    </Row>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const t = useT();
  usePageTitle(t('orders.seller.pageTitle', { id }));
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3 text-break">{t('orders.seller.title', { id })}</h1>
        <Detail id={id} />
      </Container>
    </RequireLogin>
  );
}
