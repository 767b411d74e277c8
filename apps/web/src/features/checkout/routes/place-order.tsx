import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, Navigate, useNavigate } from 'react-router';
import { parseRappen } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { loginFor, paths } from '../../../config/paths';
import { useLocale, useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCart } from '../../../stores/cart';
import { useSession } from '../../../stores/session';
import { orderPayload, useCreateOrder } from '../api/create-order';
import { CartThumb } from '../components/cart-thumb';
import { CheckoutSteps } from '../components/checkout-steps';
import { countText, lineLabel, pickupLocations, summarizeCart } from '../lib/cart-groups';
import '../checkout.css';

function SummaryRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <ListGroup.Item className="d-flex justify-content-between">
      <span className={strong ? 'fw-semibold' : undefined}>{label}</span>
      <span className={strong ? 'fw-bold' : undefined} data-testid={testId}>
        {value}
      </span>
    </ListGroup.Item>
  );
}

export function Component() {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  usePageTitle(t('checkout.place.title'));
  const navigate = useNavigate();
  const cartItems = useCart((s) => s.cartItems);
  const shippingAddress = useCart((s) => s.shippingAddress);
  const paymentMethod = useCart((s) => s.paymentMethod);
  const clear = useCart((s) => s.clear);
  const loggedIn = useSession((s) => !!s.userInfo);
  const createOrder = useCreateOrder();
  const summary = summarizeCart(cartItems);
  const pickups = pickupLocations(cartItems, t('checkout.line.store'));

  // The cart is cleared on success while the order page loads.
  if (createOrder.isSuccess) return <Loader label={t('checkout.place.opening')} />;
  if (!paymentMethod) return <Navigate to={paths.payment} replace />;
  if (summary.hasOnline && !shippingAddress) return <Navigate to={paths.shipping} replace />;

  const placeOrder = () => {
    createOrder.mutate(orderPayload(cartItems, paymentMethod, shippingAddress), {
      onSuccess: (order) => {
        navigate(paths.customerOrder(order.id));
        clear();
      },
    });
  };

  return (
    <Container className="py-4">
      <CheckoutSteps current="placeorder" showShipping={summary.hasOnline} />
      <h1 className="visually-hidden">{t('checkout.place.title')}</h1>
      <Row className="g-4">
        <Col lg={8}>
          <ListGroup variant="flush" className="bg-white border rounded">
            {summary.hasOnline && shippingAddress && (
              <ListGroup.Item className="py-3">
                <h2 className="h5">{t('checkout.place.shipping')}</h2>
                <p className="mb-0">
                  <strong>{t('checkout.place.address')} </strong>
                  {shippingAddress.address}, {shippingAddress.postalCode} {shippingAddress.city},{' '}
                  {shippingAddress.country}
                </p>
              </ListGroup.Item>
            )}
            {pickups.length > 0 && (
              <ListGroup.Item className="py-3">
                <h2 className="h5">{t('checkout.place.pickupLocations')}</h2>
                <ul className="list-unstyled mb-0">
                  {pickups.map((p) => (
                    <li key={p.sellerId} className="mb-1">
                      <strong>{p.seller}: </strong>
                      {p.stores.map((s, i) => (
                        <span key={s.storeId ?? i}>
                          {i > 0 && '; '}
                          {s.storeName} (
                          {countText(t, locale, 'checkout.place.products', s.count, f.number(s.count))})
                        </span>
                      ))}
                    </li>
                  ))}
                </ul>
              </ListGroup.Item>
            )}
            <ListGroup.Item className="py-3">
              <h2 className="h5">{t('checkout.place.paymentMethod')}</h2>
              <p className="mb-0">
                <strong>{t('checkout.place.method')} </strong>
                {paymentMethod}
              </p>
            </ListGroup.Item>
            <ListGroup.Item className="py-3">
              <h2 className="h5">{t('checkout.place.orderItems')}</h2>
              {cartItems.length === 0 ? (
                <Message variant="info">
                  {t('checkout.cart.empty')}{' '}
                  <Link to={paths.home} className="ms-2">
                    {t('checkout.cart.goBack')}
                  </Link>
                </Message>
              ) : (
                summary.groups.map((group) => (
                  <section
                    key={group.sellerId}
                    className="mb-3 border rounded"
                    aria-label={t('checkout.place.itemsFrom', { seller: group.seller })}
                  >
                    <h3 className="h6 px-3 pt-3 mb-2">
                      <Link to={paths.seller(group.sellerId)}>{group.seller}</Link>
                    </h3>
                    <ListGroup variant="flush">
                      {group.items.map((item) => (
                        <ListGroup.Item key={item.id} className="d-flex gap-3 align-items-center">
                          <CartThumb src={item.image} alt={item.name} />
                          <Row className="flex-grow-1 g-1 align-items-center" style={{ minWidth: 0 }}>
                            <Col xs={12} md={7}>
                              <Link to={paths.product(item.id)} className="text-break">
                                {item.name}
                              </Link>
                              <div className="small text-body-secondary">{lineLabel(item, t)}</div>
                            </Col>
                            <Col xs={12} md={5} className="text-md-end small">
                              {f.number(item.quantity)} × {f.money(item.price)} ={' '}
                              <strong>{f.money((parseRappen(item.price) ?? 0) * item.quantity)}</strong>
                            </Col>
                          </Row>
                        </ListGroup.Item>
                      ))}
                      {group.hasOnline && (
                        <ListGroup.Item className="d-flex justify-content-between small">
                          <span>{t('checkout.summary.shipping')}</span>
                          <span data-testid="seller-shipping">
                            {group.shippingRappen === 0
                              ? t('checkout.place.freeShipping')
                              : f.money(group.shippingRappen)}
                          </span>
                        </ListGroup.Item>
                      )}
                      <ListGroup.Item className="d-flex justify-content-between">
                        <span>{t('checkout.place.subtotal')}</span>
                        <strong data-testid="seller-subtotal">
                          {f.money(group.itemsRappen + group.shippingRappen)}
                        </strong>
                      </ListGroup.Item>
                    </ListGroup>
                  </section>
                ))
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col lg={4}>
          <Card className="summary-card">
            <Card.Header as="h2" className="h5 bg-white py-3">
              {t('checkout.summary.title')}
            </Card.Header>
            <ListGroup variant="flush">
              <SummaryRow
                label={t('checkout.summary.sellers')}
                value={f.number(summary.groups.length)}
                testId="summary-sellers"
              />
              <SummaryRow
                label={t('checkout.summary.items')}
                value={f.number(summary.itemCount)}
                testId="summary-items"
              />
              <SummaryRow
                label={t('checkout.summary.price')}
                value={f.money(summary.itemsRappen)}
                testId="summary-price"
              />
              <SummaryRow
                label={t('checkout.summary.shipping')}
                value={f.money(summary.shippingRappen)}
                testId="summary-shipping"
              />
              <SummaryRow
                label={t('checkout.summary.total')}
                value={f.money(summary.totalRappen)}
                strong
                testId="summary-total"
              />
              {!loggedIn && (
                <ListGroup.Item>
                  <Message variant="warning" className="mb-0">
                    {t('checkout.place.loginFirst')}{' '}
                    <Link to={loginFor(paths.placeOrder)} className="ms-1">
                      {t('nav.signIn')}
                    </Link>
                  </Message>
                </ListGroup.Item>
              )}
              {createOrder.isError && (
                <ListGroup.Item>
                  <Message variant="danger" className="mb-0">
                    {errorMessage(createOrder.error)}{' '}
                    <Link to={paths.cart} className="ms-1">
                      {t('checkout.place.backToCart')}
                    </Link>
                  </Message>
                </ListGroup.Item>
              )}
              <ListGroup.Item className="py-3">
                <Button
                  className="w-100"
                  disabled={!loggedIn || cartItems.length === 0 || createOrder.isPending}
                  onClick={placeOrder}
                >
                  {createOrder.isPending ? t('checkout.place.placing') : t('checkout.place.button')}
                </Button>
              </ListGroup.Item>
            </ListGroup>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
