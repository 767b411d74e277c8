/** The order screen's actions: refund part of a delivered line (finance), cancel a seller part (support). */
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { AdminOrderDetail } from '@marktgasse/shared';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useAdminAction, useStaffRefund } from '../api/actions';
import { ActionDialog } from './action-dialog';

type Part = AdminOrderDetail['seller_orders'][number];

export function CancelPartDialog({ part }: { part: Part }) {
  const t = useT();
  const action = useAdminAction();
  return (
    <ActionDialog
      opener={t('admin.orders.cancelPart')}
      title={t('admin.orders.cancelPartTitle', { id: part.id, seller: part.seller })}
      confirm={t('admin.orders.cancelPartConfirm')}
      onSubmit={(reason) => action.mutateAsync({ kind: 'cancel-part', id: part.id, reason })}
    >
      <p>{t('admin.orders.cancelPartBody')}</p>
    </ActionDialog>
  );
}

/** Refund `quantity` units of a line or an amount in CHF, with a reason. */
export function RefundDialog({ orderId, part }: { orderId: number; part: Part }) {
  const t = useT();
  const format = useFormat();
  const refund = useStaffRefund(orderId);
  const [item, setItem] = useState(String(part.lines[0]?.id ?? ''));
  const [by, setBy] = useState<'quantity' | 'amount'>('quantity');
  const [value, setValue] = useState('1');
  const line = part.lines.find((l) => String(l.id) === item);
  const submit = (reason: string) =>
    refund.mutateAsync({
      item: Number(item),
      reason,
      ...(by === 'quantity' ? { quantity: Number(value) } : { amount: value.trim().replace(',', '.') }),
    });
  return (
    <ActionDialog
      opener={t('admin.refund.open')}
      title={t('admin.refund.title', { id: part.id })}
      confirm={t('admin.refund.confirm')}
      variant="primary"
      onSubmit={submit}
    >
      <Form.Group controlId={`refund-line-${part.id}`} className="mb-3">
        <Form.Label>{t('admin.refund.line')}</Form.Label>
        <Form.Select value={item} onChange={(e) => setItem(e.target.value)}>
          {part.lines.map((l) => (
            <option key={l.id} value={l.id}>
              {l.quantity} × {l.name} ({format.money(l.price)})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('admin.refund.by')}</legend>
        {(['quantity', 'amount'] as const).map((kind) => (
          <Form.Check
            key={kind}
            inline
            type="radio"
            id={`refund-by-${kind}-${part.id}`}
            name={`refund-by-${part.id}`}
            label={t(`admin.refund.by.${kind}`)}
            checked={by === kind}
            onChange={() => {
              setBy(kind);
              setValue(kind === 'quantity' ? '1' : '');
            }}
          />
        ))}
      </fieldset>
      <Form.Group controlId={`refund-value-${part.id}`} className="mb-3">
        <Form.Label>{t(by === 'quantity' ? 'admin.refund.quantity' : 'admin.refund.amount')}</Form.Label>
        {by === 'quantity' ? (
          <Form.Select value={value} onChange={(e) => setValue(e.target.value)}>
            {Array.from({ length: line?.quantity ?? 1 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </Form.Select>
        ) : (
          <Form.Control
            inputMode="decimal"
            required
            placeholder="0.00"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Form.Group>
    </ActionDialog>
  );
}
