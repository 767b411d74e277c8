import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import type { SellerOrder } from '@marktgasse/shared';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useMySellerOrders } from '../api/orders';
import { LoadMoreOrders } from '../components/load-more-orders';
import { OrdersTable } from '../components/orders-table';
import { DateOrCross, RequireLogin } from '../components/status-marks';
import '../orders.css';

function SellerOrdersList() {
  const query = useMySellerOrders();
  const t = useT();
  const f = useFormat();
  return (
    <OrdersTable<SellerOrder>
      rows={query.data?.pages.flatMap((page) => page.results)}
      pending={query.isPending}
      error={query.error}
      columns={[
        { label: t('orders.list.id'), cell: (so) => so.id },
        { label: t('orders.list.date'), cell: (so) => f.date(so.createdAt) },
        { label: t('orders.list.total'), cell: (so) => f.money(so.totalPrice) },
        {
          label: t('orders.list.paid'),
          cell: (so) => <DateOrCross iso={so.order.paidAt} missing={t('orders.list.notPaid')} />,
        },
        {
          label: t('orders.list.completed'),
          cell: (so) => <DateOrCross iso={so.completedAt} missing={t('orders.list.notCompleted')} />,
        },
      ]}
      action={(so) =>
        so.order.isPaid ? (
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
        )
      }
      footer={<LoadMoreOrders query={query} />}
    />
  );
}

export function Component() {
  const t = useT();
  usePageTitle(t('orders.sellerList.title'));
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3">{t('orders.sellerList.title')}</h1>
        <SellerOrdersList />
      </Container>
    </RequireLogin>
  );
}
