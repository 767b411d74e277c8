import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useMyOrders } from '../api/orders';
import { DateOrCross, RequireLogin } from '../components/status-marks';
import '../orders.css';

function OrdersTable() {
  const { data, isPending, isError, error } = useMyOrders();
  const t = useT();
  const f = useFormat();
  if (isPending) return <Loader />;
  if (isError) return <Message variant="danger">{errorMessage(error)}</Message>;
  const rows = data.pages.flatMap((page) => page.results);
  if (!rows.length) return <Message variant="info">{t('orders.list.empty')}</Message>;
  return (
    <Table striped hover className="orders-table bg-white mb-0">
      <thead>
        <tr>
          <th scope="col">{t('orders.list.id')}</th>
          <th scope="col">{t('orders.list.date')}</th>
          <th scope="col">{t('orders.list.total')}</th>
          <th scope="col">{t('orders.list.paid')}</th>
          <th scope="col">{t('orders.list.paymentMethod')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('orders.list.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((order) => (
          <tr key={order.id}>
            <td data-label={t('orders.list.id')}>{order.id}</td>
            <td data-label={t('orders.list.date')}>{f.date(order.createdAt)}</td>
            <td data-label={t('orders.list.total')}>{f.money(order.totalAmount)}</td>
            <td data-label={t('orders.list.paid')}>
              <DateOrCross
                iso={order.paidAt}
                missing={
                  order.status === 'expired' ? t('orders.list.expiredNotPaid') : t('orders.list.notPaid')
                }
              />
              {(order.status === 'cancelled' ||
                order.status === 'refunded' ||
                order.status === 'partlyRefunded') && (
                <div className="small text-body-secondary">{t(`orders.status.${order.status}`)}</div>
              )}
            </td>
            <td data-label={t('orders.list.paymentMethod')}>{order.paymentMethod}</td>
            <td data-label="" className="text-end">
              <Link
                to={paths.customerOrder(order.id)}
                className="btn btn-sm btn-outline-primary"
                aria-label={t('orders.list.detailsOf', { id: order.id })}
              >
                {t('orders.list.details')}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The next page of the same list (one query, shared with the table). */
function LoadMoreOrders() {
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useMyOrders();
  const t = useT();
  if (!hasNextPage) return null;
  return (
    <div className="text-center mt-3">
      <Button variant="outline-primary" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('orders.list.loadMore')}
      </Button>
    </div>
  );
}

export function Component() {
  const t = useT();
  usePageTitle(t('orders.list.title'));
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3">{t('orders.list.title')}</h1>
        <OrdersTable />
        <LoadMoreOrders />
      </Container>
    </RequireLogin>
  );
}
