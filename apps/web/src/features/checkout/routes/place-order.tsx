import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useCart } from '../../../stores/cart';
import { useSession } from '../../../stores/session';
import { orderPayload, useCreateOrder } from '../api/create-order';
import { CheckoutSteps } from '../components/checkout-steps';
import { EmptyCart } from '../components/empty-cart';
import {
  PaymentSection,
  PickupSection,
  PlaceOrderSummary,
  SellerGroupItems,
  ShippingSection,
} from '../components/place-order-sections';
import { pickupLocations, summarizeCart } from '../lib/cart-groups';
import '../checkout.css';

export function Component() {
  const t = useT();
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
  if (summary.hasOnline && !shippingAddress?.name) return <Navigate to={paths.shipping} replace />;

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
            {summary.hasOnline && shippingAddress && <ShippingSection address={shippingAddress} />}
            {pickups.length > 0 && <PickupSection pickups={pickups} />}
            <PaymentSection method={paymentMethod} />
            <ListGroup.Item className="py-3">
              <h2 className="h5">{t('checkout.place.orderItems')}</h2>
              {cartItems.length === 0 ? (
                <EmptyCart />
              ) : (
                summary.groups.map((group) => <SellerGroupItems key={group.sellerId} group={group} />)
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col lg={4}>
          <PlaceOrderSummary
            summary={summary}
            loggedIn={loggedIn}
            error={createOrder.isError ? errorMessage(createOrder.error) : null}
            placing={createOrder.isPending}
            disabled={!loggedIn || cartItems.length === 0 || createOrder.isPending}
            onPlace={placeOrder}
          />
        </Col>
      </Row>
    </Container>
  );
}
