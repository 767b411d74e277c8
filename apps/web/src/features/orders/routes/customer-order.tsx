import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useOrder } from '../api/orders';
import { OrderParticulars, OrderSummary } from '../components/customer-order-sections';
import { OrderPage } from '../components/order-page';
import { SellerOrderCard } from '../components/seller-order-card';
import '../orders.css';

function OrderDetail({ id }: { id: string }) {
  const { data: order, isPending, isError, error, refetch } = useOrder(id);
  const t = useT();
  if (isPending) return <Loader />;
  if (isError) return <Message variant="danger">{errorMessage(error)}</Message>;
  return (
    <Row className="g-4">
      <Col lg={8}>
        <OrderParticulars order={order} />
        <h2 className="h5 mb-3">{t('orders.customer.sellerOrders')}</h2>
        {order.sellerOrder.map((so) => (
          <SellerOrderCard key={so.id} sellerOrder={so} />
        ))}
      </Col>
      <Col lg={4}>
        <OrderSummary order={order} refetch={() => void refetch()} />
      </Col>
    </Row>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const t = useT();
  return (
    <OrderPage pageTitle={t('orders.customer.pageTitle', { id })} title={t('orders.customer.title', { id })}>
      <OrderDetail id={id} />
    </OrderPage>
  );
}
