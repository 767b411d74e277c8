/**
 * The pay box of TWINT and invoice orders (issue 27): TWINT sends the browser to the provider and
 * confirms on its return; an invoice order shows its QR-bill (PDF), amount, reference and due date.
 */
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { formatQrReference, type Order } from '@marktgasse/shared';
import { byId, moveFocus } from '../../../components/focus';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { api, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { useInvoiceTerms } from '../api/bank-refunds';
import { usePayOrder } from '../api/orders';

/** "Pay with TWINT": to the provider's page; back here with ?twint=success, the server confirms once. */
export function TwintPay({ order }: { order: Order }) {
  const t = useT();
  const pay = usePayOrder(String(order.id));
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const returned = params.get('twint');
  const confirmed = useRef(false);
  useEffect(() => {
    if (returned !== 'success' || confirmed.current) return;
    confirmed.current = true;
    setParams({}, { replace: true });
    // Paid: the pay box goes away; focus and announce the "Paid on …" notice, as the other methods do.
    pay
      .mutateAsync(undefined)
      .then(() => moveFocus(byId('payment-status'), { say: true }))
      .catch(() => undefined);
  }, [returned, pay, setParams]);
  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      const checkout = await api<{ redirectUrl: string }>(`/api/orders/${order.id}/twint/`, {
        method: 'POST',
      });
      window.location.assign(checkout.redirectUrl);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setStarting(false);
    }
  };
  return (
    <>
      {returned && returned !== 'success' && <Message variant="warning">{t('orders.twint.notPaid')}</Message>}
      {error && <Message variant="danger">{error}</Message>}
      {pay.isError && <Message variant="danger">{errorMessage(pay.error)}</Message>}
      <Button
        className="w-100 twint-button"
        variant="dark"
        disabled={starting || pay.isPending}
        onClick={start}
      >
        {pay.isPending ? t('orders.pay.paying') : t('orders.twint.pay')}
      </Button>
    </>
  );
}

async function openQrBill(orderId: number): Promise<void> {
  const token = useSession.getState().userInfo?.access;
  const response = await fetch(`/api/orders/${orderId}/qr-bill/`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok)
    throw new Error(((await response.json().catch(() => ({}))) as { detail?: string }).detail);
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The QR-bill to pay from e-banking: its link, the amount, the reference and the due date. */
export function InvoicePay({ order }: { order: Order }) {
  const t = useT();
  const f = useFormat();
  const [error, setError] = useState<string | null>(null);
  // Due INVOICE_GRACE_DAYS before the hold ends (decision 251); after that, a reminder, then expiry.
  const terms = useInvoiceTerms(true);
  const graceDays = terms.data?.graceDays ?? 0;
  const dueAt = new Date(new Date(order.expiresAt).getTime() - graceDays * 86_400_000).toISOString();
  const overdue = graceDays > 0 && Date.parse(dueAt) < Date.now();
  return (
    <div data-testid="invoice-box">
      <p className="mb-2">{t('orders.invoice.intro')}</p>
      <dl className="row small mb-2">
        <dt className="col-5">{t('orders.invoice.amount')}</dt>
        <dd className="col-7" data-testid="invoice-amount">
          {f.money(order.totalAmount)}
        </dd>
        <dt className="col-5">{t('orders.invoice.reference')}</dt>
        <dd className="col-7 font-monospace" data-testid="invoice-reference">
          {order.qrReference ? formatQrReference(order.qrReference) : ''}
        </dd>
        <dt className="col-5">{t('orders.invoice.due')}</dt>
        <dd className="col-7" data-testid="invoice-due">
          {terms.isPending ? '…' : f.date(dueAt)}
        </dd>
      </dl>
      {overdue && (
        <Message variant="warning">{t('orders.invoice.overdue', { date: f.date(order.expiresAt) })}</Message>
      )}
      {error && <Message variant="danger">{error}</Message>}
      <Button
        variant="outline-primary"
        className="w-100"
        href={`/api/orders/${order.id}/qr-bill/`}
        onClick={(event) => {
          event.preventDefault();
          setError(null);
          openQrBill(order.id).catch((e: unknown) => setError(errorMessage(e)));
        }}
      >
        {t('orders.invoice.qrBill')}
      </Button>
    </div>
  );
}
