import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useDashboard } from '../api/queries';

const FIGURES = [
  'orders_today',
  'awaiting_payment',
  'to_ship',
  'open_reports',
  'sellers_awaiting_approval',
  'suspended_sellers',
  'hidden_products',
] as const;

export function Dashboard() {
  const t = useT();
  const figures = useDashboard();
  if (figures.error) return <Message variant="danger">{errorMessage(figures.error)}</Message>;
  if (!figures.data) return <Loader />;
  return (
    <dl className="row g-3 row-cols-2 row-cols-md-3">
      {FIGURES.map((key) => (
        <div key={key} className="col">
          <div className="border rounded p-3 h-100">
            <dt className="small text-body-secondary fw-normal">{t(`admin.figure.${key}`)}</dt>
            <dd className="fs-3 mb-0">{figures.data[key]}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
