import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import type { Order } from '@marktgasse/shared';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useMyOrders } from '../api/orders';
import { LoadMoreOrders } from '../components/load-more-orders';
import { OrdersTable } from '../components/orders-table';
import { DateOrCross, RequireLogin } from '../components/status-marks';
import { orderIsOver } from '../lib/order-totals';
import { paymentMethodLabel } from '../lib/payment-method';
import '../orders.css';

function CustomerOrdersList() {
  const query = useMyOrders();
  const t = useT();
  const f = useFormat();
  return (
    <OrdersTable<Order>
      rows={query.data?.pages.flatMap((page) => page.results)}
      pending={query.isPending}
      error={query.error}
      columns={[
        { label: t('orders.list.id'), cell: (order) => order.id },
        { label: t('orders.list.date'), cell: (order) => f.date(order.createdAt) },
        { label: t('orders.list.total'), cell: (order) => f.money(order.totalAmount) },
        {
          label: t('orders.list.paid'),
          cell: (order) =>
            // An order that will not go on says what became of it, not "Not paid".
            !order.paidAt && orderIsOver(order) ? (
              <Badge bg="secondary" className="fw-normal">
                {t(`orders.status.${order.status}`)}
              </Badge>
            ) : (
              <>
                <DateOrCross iso={order.paidAt} missing={t('orders.list.notPaid')} />
                {order.status !== 'paid' && order.status !== 'pending' && (
                  <div className="small text-body-secondary">{t(`orders.status.${order.status}`)}</div>
                )}
              </>
            ),
        },
        {
          label: t('orders.list.paymentMethod'),
          cell: (order) => paymentMethodLabel(order.paymentMethod, t),
        },
      ]}
      action={(order) => (
        <Link
          to={paths.customerOrder(order.id)}
          className="btn btn-sm btn-outline-primary"
          aria-label={t('orders.list.detailsOf', { id: order.id })}
        >
          {t('orders.list.details')}
        </Link>
      )}
      footer={<LoadMoreOrders query={query} />}
    />
  );
}

export function Component() {
  const t = useT();
  usePageTitle(t('orders.list.title'));
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3">{t('orders.list.title')}</h1>
        <CustomerOrdersList />
      </Container>
    </RequireLogin>
  );
}
