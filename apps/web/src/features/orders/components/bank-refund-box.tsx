/**
 * The bank refunds of an invoice order paid by transfer (decision 250): where each stands, and
 * the form for the account when a seller's cancellation left one waiting for it.
 */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import type { Order } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useBankRefunds, useGiveRefundAccount, type RefundAccount } from '../api/bank-refunds';
import { RefundAccountFields, useAccountCheck, type AccountErrors } from './refund-account-fields';

function AccountForm({ orderId, amount }: { orderId: number; amount: string }) {
  const t = useT();
  const give = useGiveRefundAccount(orderId);
  const check = useAccountCheck();
  const [account, setAccount] = useState<RefundAccount>({ iban: '', accountHolder: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(account);
    setErrors(found);
    if (Object.keys(found).length === 0)
      give.mutate({ iban: account.iban.trim(), accountHolder: account.accountHolder.trim() });
  };
  return (
    <Form
      onSubmit={submit}
      noValidate
      aria-labelledby="refund-account-title"
      data-testid="refund-account-form"
    >
      <h2 id="refund-account-title" className="h6">
        {t('orders.refundAccount.title')}
      </h2>
      <p className="small">{t('orders.refundAccount.intro', { amount })}</p>
      {give.isError && <Message variant="danger">{errorMessage(give.error)}</Message>}
      <RefundAccountFields idPrefix="refund-account" value={account} errors={errors} onChange={setAccount} />
      <Button type="submit" className="w-100 mt-2" disabled={give.isPending}>
        {t('orders.refundAccount.send')}
      </Button>
    </Form>
  );
}

export function BankRefundBox({ order }: { order: Order }) {
  const t = useT();
  const f = useFormat();
  const relevant = order.paymentMethod === 'Invoice' && order.isPaid && Number(order.refundedAmount) > 0;
  const refunds = useBankRefunds(order.id, relevant);
  const lines = refunds.data?.results ?? [];
  if (!relevant || lines.length === 0) return null;
  const waiting = lines.filter((l) => l.awaitingAccount);
  const waitingRappen = waiting.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0);
  return (
    <ListGroup.Item className="py-3" data-testid="bank-refunds">
      <ul className="list-unstyled small mb-2">
        {lines.map((line) => (
          <li key={line.id}>
            {line.awaitingAccount
              ? t('orders.refundAccount.lineWaiting', { amount: f.money(line.amount) })
              : line.paidOut
                ? t('orders.refundAccount.linePaidOut', {
                    amount: f.money(line.amount),
                    ending: line.ibanEnding ?? '',
                  })
                : t('orders.refundAccount.lineOpen', {
                    amount: f.money(line.amount),
                    ending: line.ibanEnding ?? '',
                  })}
          </li>
        ))}
      </ul>
      {waiting.length > 0 && (
        <AccountForm orderId={order.id} amount={f.money((waitingRappen / 100).toFixed(2))} />
      )}
    </ListGroup.Item>
  );
}
