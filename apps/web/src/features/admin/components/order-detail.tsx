import type { AdminOrderDetail } from '@marktgasse/shared';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { useAdminOrder } from '../api/queries';
import { UserPasswordReset } from '../password-reset/user-password-reset';
import { CancelPartDialog, RefundDialog } from './order-actions';

/**
 * One order for support: seller parts and lines, payments, refunds, stock holds. Support may
 * cancel a part not yet sent and send the customer a password reset e-mail; finance may refund
 * part of a delivered line. The buttons mirror
 * the permissions; the server enforces them.
 */
export function OrderDetail() {
  const t = useT();
  const format = useFormat();
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const permissions = useSession((s) => s.userInfo?.permissions) ?? [];
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
      {permissions.includes('support') && <UserPasswordReset userId={o.customer_id} />}
      {o.seller_orders.map((so) => (
        <Card key={so.id} className="mb-3">
          <Card.Header>
            {so.seller} · {t('admin.orders.part', { id: so.id })}
            {so.cancelledAt && ` · ${t('admin.orders.cancelled')}: ${so.cancelReason ?? ''}`}
            {so.isShipped && ` · ${t('admin.orders.shipped')}`}
            {so.isCompleted && ` · ${t('admin.orders.completed')}`}
          </Card.Header>
          <Card.Body>
            <ul className="mb-2">
              {so.lines.map((l) => (
                <li key={l.id}>
                  {l.quantity} × {l.name} ({format.money(l.price)})
                </li>
              ))}
            </ul>
            <div className="d-flex flex-wrap gap-2">
              {permissions.includes('support') && !so.cancelledAt && !so.isShipped && (
                <CancelPartDialog part={so} />
              )}
              {permissions.includes('finance') &&
                !so.cancelledAt &&
                so.isCompleted &&
                o.status === 'paid' && <RefundDialog orderId={o.id} part={so} />}
            </div>
          </Card.Body>
        </Card>
      ))}
      <h3 className="h5">{t('admin.orders.payments')}</h3>
      <Table size="sm" responsive data-testid="admin-payments">
        <tbody>
          {o.payments.map((p) => (
            <tr key={p.reference}>
              <td>{p.provider}</td>
              <td>{p.reference}</td>
              <td>{format.money(p.amount)}</td>
              <td>{format.date(p.at)}</td>
            </tr>
          ))}
          {o.refunds.map((r) => (
            <tr key={r.key}>
              <td>{t(r.completed ? 'admin.orders.refund' : 'admin.orders.refundPending')}</td>
              <td>
                {r.item !== null ? lineName(o, r.item) : r.key}
                {r.reason && <div className="small text-body-secondary">{r.reason}</div>}
              </td>
              <td>{format.money(r.amount)}</td>
              <td>{format.date(r.at)}</td>
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

function lineName(order: AdminOrderDetail, item: number): string {
  for (const part of order.seller_orders)
    for (const line of part.lines) if (line.id === item) return line.name;
  return `#${item}`;
}
