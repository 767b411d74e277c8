/**
 * Money to send back by bank (finance permission): refunds to pay out to customers' IBANs
 * (marked paid out once sent from e-banking; those waiting for the customer's account cannot be)
 * and bank credits to return to their payers.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useBankRefundsToPay, useMarkPaidOut, usePaymentsToReturn } from '../api/payments-api';
import { Pager } from './pager';

const LIMIT = 20;

/** "CH93 0076 2011 6238 5295 7": the IBAN in groups of four, as e-banking asks for it. */
const printed = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

function RefundsToPay() {
  const t = useT();
  const format = useFormat();
  const [state, setState] = useState<'open' | 'paidOut'>('open');
  const [offset, setOffset] = useState(0);
  const refunds = useBankRefundsToPay(state, offset, LIMIT);
  const paidOut = useMarkPaidOut();
  return (
    <section aria-labelledby="payments-refunds" className="mb-4">
      <h2 id="payments-refunds" className="h5">
        {t('admin.payments.refunds')}
      </h2>
      <Form.Group controlId="payments-refund-state" className="mb-2" style={{ maxWidth: '14rem' }}>
        <Form.Label className="small mb-1">{t('admin.reports.status')}</Form.Label>
        <Form.Select
          value={state}
          onChange={(e) => {
            setState(e.target.value === 'paidOut' ? 'paidOut' : 'open');
            setOffset(0);
          }}
        >
          <option value="open">{t('admin.payments.open')}</option>
          <option value="paidOut">{t('admin.payments.paidOut')}</option>
        </Form.Select>
      </Form.Group>
      {(refunds.error ?? paidOut.error) && (
        <Message variant="danger">{errorMessage(refunds.error ?? paidOut.error)}</Message>
      )}
      {!refunds.data ? (
        <Loader />
      ) : (
        <ul className="list-unstyled" data-testid="admin-bank-refunds">
          {refunds.data.results.map((r) => (
            <li key={r.id} className="border-top py-2 d-flex flex-wrap gap-2 align-items-center">
              <div className="flex-grow-1">
                <strong>{format.money(r.amount)}</strong> ·{' '}
                <Link to={`/admin/orders/${r.orderId}`}>{t('admin.payments.order', { id: r.orderId })}</Link>{' '}
                · {format.date(r.createdAt)}
                <div className="small">
                  {r.awaitingAccount ? (
                    <span className="text-body-secondary">{t('admin.payments.awaitingAccount')}</span>
                  ) : (
                    <>
                      {r.accountHolder} · <span className="font-monospace">{printed(r.iban ?? '')}</span>
                    </>
                  )}
                  {r.paidOutAt && <> · {t('admin.payments.paidOutOn', { date: format.date(r.paidOutAt) })}</>}
                </div>
              </div>
              {!r.paidOutAt && !r.awaitingAccount && (
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={paidOut.isPending}
                  onClick={() => paidOut.mutate(r.id)}
                >
                  {t('admin.payments.markPaidOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {refunds.data?.count === 0 && <p>{t('admin.none')}</p>}
      {refunds.data && (
        <Pager
          offset={offset}
          limit={LIMIT}
          count={refunds.data.count}
          next={refunds.data.next}
          onOffset={setOffset}
        />
      )}
    </section>
  );
}

function PaymentsToReturn() {
  const t = useT();
  const format = useFormat();
  const [offset, setOffset] = useState(0);
  const entries = usePaymentsToReturn(offset, LIMIT);
  return (
    <section aria-labelledby="payments-returns">
      <h2 id="payments-returns" className="h5">
        {t('admin.payments.toReturn')}
      </h2>
      {entries.error && <Message variant="danger">{errorMessage(entries.error)}</Message>}
      {!entries.data ? (
        <Loader />
      ) : (
        <ul className="list-unstyled" data-testid="admin-payments-to-return">
          {entries.data.results.map((e) => (
            <li key={e.bankReference} className="border-top py-2">
              <strong>{format.money(e.returnAmount ?? e.amount)}</strong> · {e.debtor ?? '—'} ·{' '}
              {e.reason ? t(`admin.payments.reason.${e.reason}`) : ''}
              {e.orderId !== null && (
                <>
                  {' · '}
                  <Link to={`/admin/orders/${e.orderId}`}>
                    {t('admin.payments.order', { id: e.orderId })}
                  </Link>
                </>
              )}
              <div className="small text-body-secondary">
                {e.bookingDate ?? ''} · <span className="font-monospace">{e.bankReference}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {entries.data?.count === 0 && <p>{t('admin.none')}</p>}
      {entries.data && (
        <Pager
          offset={offset}
          limit={LIMIT}
          count={entries.data.count}
          next={entries.data.next}
          onOffset={setOffset}
        />
      )}
    </section>
  );
}

export function PaymentsScreen() {
  return (
    <>
      <RefundsToPay />
      <PaymentsToReturn />
    </>
  );
}
