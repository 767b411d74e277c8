import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { SELLER_ORDER_STATES, type SellerOrder, type SellerOrderFilter } from '@marktgasse/shared';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useCountText } from '../../../i18n/plural';
import { useMySellerOrders } from '../api/orders';
import { LoadMoreOrders } from '../components/load-more-orders';
import { OrdersTable } from '../components/orders-table';
import { DateOrCross, RequireLogin } from '../components/status-marks';
import '../orders.css';

const STATE_COLOURS: Record<SellerOrder['state'], string> = {
  unpaid: 'warning',
  toDo: 'primary',
  completed: 'success',
  cancelled: 'secondary',
  expired: 'secondary',
};

function StateBadge({ so }: { so: SellerOrder }) {
  const t = useT();
  const colour = STATE_COLOURS[so.state];
  return (
    <Badge bg={colour} text={colour === 'warning' ? 'dark' : undefined} className="fw-normal">
      {t(`orders.state.${so.state}`)}
    </Badge>
  );
}

/** What the seller still has to do for this part, in words. */
function LeftToDo({ so }: { so: SellerOrder }) {
  const t = useT();
  const count = useCountText();
  const tasks = [
    so.leftToDo.send ? t('orders.list.send') : null,
    so.leftToDo.pickUps > 0 ? count('orders.list.pickUps', so.leftToDo.pickUps) : null,
  ].filter((task) => task !== null);
  if (!tasks.length) return <span className="text-body-secondary">{t('orders.list.nothing')}</span>;
  return <>{tasks.join(' · ')}</>;
}

const isFilter = (value: string | null): value is SellerOrderFilter =>
  (SELLER_ORDER_STATES as readonly (string | null)[]).includes(value);

function StateFilter({
  value,
  onChange,
}: {
  value: SellerOrderFilter | undefined;
  onChange: (v: string) => void;
}) {
  const t = useT();
  return (
    <Form.Group controlId="seller-orders-state" className="d-flex align-items-center gap-2 mb-3">
      <Form.Label className="mb-0">{t('orders.list.filter')}</Form.Label>
      <Form.Select value={value ?? ''} onChange={(e) => onChange(e.target.value)} className="w-auto">
        <option value="">{t('orders.list.filterAll')}</option>
        {SELLER_ORDER_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`orders.state.${state}`)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

function SellerOrdersList({ state }: { state: SellerOrderFilter | undefined }) {
  const query = useMySellerOrders(state);
  const t = useT();
  const f = useFormat();
  return (
    <OrdersTable<SellerOrder>
      rows={query.data?.pages.flatMap((page) => page.results)}
      pending={query.isPending}
      error={query.error}
      empty={state ? t('orders.list.emptyState') : undefined}
      columns={[
        { label: t('orders.list.id'), cell: (so) => so.id },
        { label: t('orders.list.date'), cell: (so) => f.date(so.createdAt) },
        { label: t('orders.list.customer'), cell: (so) => so.customer.name },
        { label: t('orders.list.total'), cell: (so) => f.money(so.totalPrice) },
        { label: t('orders.list.state'), cell: (so) => <StateBadge so={so} /> },
        { label: t('orders.list.toDo'), cell: (so) => <LeftToDo so={so} /> },
        {
          label: t('orders.list.paid'),
          cell: (so) =>
            so.order.isPaid || so.state === 'unpaid' ? (
              <DateOrCross iso={so.order.paidAt} missing={t('orders.list.notPaid')} />
            ) : (
              <span className="text-body-secondary">–</span>
            ),
        },
        {
          label: t('orders.list.completed'),
          cell: (so) =>
            so.state === 'cancelled' ? (
              <span className="text-body-secondary">–</span>
            ) : (
              <DateOrCross iso={so.completedAt} missing={t('orders.list.notCompleted')} />
            ),
        },
      ]}
      action={(so) =>
        so.state === 'unpaid' ? (
          <Button size="sm" variant="outline-secondary" disabled>
            {t('orders.list.notPaidButton')}
          </Button>
        ) : (
          <Link
            to={paths.sellerOrder(so.id)}
            className="btn btn-sm btn-outline-primary"
            aria-label={t('orders.list.detailsOfSeller', { id: so.id })}
          >
            {t('orders.list.details')}
          </Link>
        )
      }
      footer={<LoadMoreOrders query={query} />}
    />
  );
}

export function Component() {
  const t = useT();
  usePageTitle(t('orders.sellerList.title'));
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = isFilter(raw) ? raw : undefined;
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3">{t('orders.sellerList.title')}</h1>
        <StateFilter value={state} onChange={(v) => setParams(v ? { state: v } : {}, { replace: true })} />
        <SellerOrdersList state={state} />
      </Container>
    </RequireLogin>
  );
}
