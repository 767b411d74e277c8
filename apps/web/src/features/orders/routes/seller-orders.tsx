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
import { useMySellerOrders } from '../api/orders';
import { DateOrCross, RequireLogin } from '../components/status-marks';
import '../orders.css';

function SellerOrdersTable() {
  const { data, isPending, isError, error } = useMySellerOrders();
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
          <th scope="col">{t('orders.list.completed')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('orders.list.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((so) => (
          <tr key={so.id}>
            <td data-label={t('orders.list.id')}>{so.id}</td>
            <td data-label={t('orders.list.date')}>{f.date(so.createdAt)}</td>
            <td data-label={t('orders.list.total')}>{f.money(so.totalPrice)}</td>
            <td data-label={t('orders.list.paid')}>
              <DateOrCross iso={so.order.paidAt} missing={t('orders.list.notPaid')} />
            </td>
            <td data-label={t('orders.list.completed')}>
              <DateOrCross iso={so.completedAt} missing={t('orders.list.notCompleted')} />
            </td>
            <td data-label="" className="text-end">
              {so.order.isPaid ? (
                <Link
                  to={paths.sellerOrder(so.id)}
                  className="btn btn-sm btn-outline-primary"
                  aria-label={t('orders.list.detailsOfSeller', { id: so.id })}
                >
                  {t('orders.list.details')}
                </Link>
              ) : (
                <Button size="sm" variant="outline-secondary" disabled>
                  {t('orders.list.notPaidButton')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The next page of the same list (one query, shared with the table). */
function LoadMoreSellerOrders() {
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useMySellerOrders();
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
  usePageTitle(t('orders.sellerList.title'));
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3">{t('orders.sellerList.title')}</h1>
        <SellerOrdersTable />
        <LoadMoreSellerOrders />
      </Container>
    </RequireLogin>
  );
}
