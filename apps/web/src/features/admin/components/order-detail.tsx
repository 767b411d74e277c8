import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useAdminAction } from '../api/actions';
import { useAdminOrder } from '../api/queries';
import { ReasonForm } from './reason-form';

/** One order for support: seller parts and lines, payments, refunds, stock holds; a part can be cancelled. */
export function OrderDetail() {
  const t = useT();
  const format = useFormat();
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const action = useAdminAction();
  if (order.error) return <Message variant="danger">{errorMessage(order.error)}</Message>;
  if (!order.data) return <Loader />;
  const o = order.data;
  return (
    <>
      <Link to="/admin/orders">{t('admin.orders.back')}</Link>
      <h2 className="h4 mt-2">{t('admin.orders.heading', { id: o.id })}</h2>
      <p>
        {o.customer} ({o.customer_email}) · {t(`admin.status.${o.status}`)} · {format.money(o.totalPrice)} ·{' '}
        {format.date(o.createdAt)} {format.time(o.createdAt)}
      </p>
      {action.error && <Message variant="danger">{errorMessage(action.error)}</Message>}
      {o.seller_orders.map((so) => (
        <Card key={so.id} className="mb-3">
          <Card.Header>
            {so.seller} · {t('admin.orders.part', { id: so.id })}
            {so.cancelledAt && ` · ${t('admin.orders.cancelled')}: ${so.cancelReason ?? ''}`}
            {so.isShipped && ` · ${t('admin.orders.shipped')}`}
          </Card.Header>
          <Card.Body>
            <ul className="mb-2">
              {so.lines.map((l) => (
                <li key={l.id}>
                  {l.quantity} × {l.name} ({format.money(l.price)})
                </li>
              ))}
            </ul>
            {!so.cancelledAt && !so.isShipped && (
              <ReasonForm
                disabled={action.isPending}
                buttons={[
                  {
                    label: t('admin.orders.cancelPart'),
                    variant: 'outline-danger',
                    onReason: (reason) => action.mutate({ kind: 'cancel-part', id: so.id, reason }),
                  },
                ]}
              />
            )}
          </Card.Body>
        </Card>
      ))}
      <h3 className="h5">{t('admin.orders.payments')}</h3>
      <Table size="sm" responsive>
        <tbody>
          {o.payments.map((p) => (
            <tr key={p.reference}>
              <td>{p.provider}</td>
              <td>{p.reference}</td>
              <td>{format.money(p.amount)}</td>
            </tr>
          ))}
          {o.refunds.map((r) => (
            <tr key={r.key}>
              <td>{t('admin.orders.refund')}</td>
              <td>{r.key}</td>
              <td>{format.money(r.amount)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h3 className="h5">{t('admin.orders.holds')}</h3>
      <ul>
        {o.stock_holds.map((h, i) => (
          <li key={i}>
            {t('admin.orders.hold', { quantity: h.quantity, product: h.product, store: h.store })}
            {h.released && ` (${t('admin.orders.released')})`}
          </li>
        ))}
      </ul>
    </>
  );
}
