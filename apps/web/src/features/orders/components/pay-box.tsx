import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Order } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { byId, moveFocus } from '../../../components/focus';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useCountText } from '../../../i18n/plural';
import { errorMessage } from '../../../lib/api-client';
import { createPaypalOrder, usePaymentConfig, usePayOrder } from '../api/orders';
import { minutesLeft } from '../lib/dates';
import { HoldWarning } from './hold-warning';
import { PaypalButtons } from './paypal-buttons';
import { InvoicePay, TwintPay } from './swiss-pay';

/** The minutes an unpaid order still holds its stock; refreshes the order when the time is up. */
function HoldTime({ order, onExpired }: { order: Order; onExpired: () => void }) {
  const expiresAt = order.expiresAt;
  const count = useCountText();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const left = minutesLeft(expiresAt, now);
  const reported = useRef(false);
  useEffect(() => {
    if (left === 0 && !reported.current) {
      reported.current = true;
      onExpired();
    }
  }, [left, onExpired]);
  if (left === 0) return null;
  return (
    <>
      <p className="small text-body-secondary mb-2" data-testid="hold-time">
        {count('orders.hold', left)}
      </p>
      <HoldWarning order={order} minutesLeft={left} />
    </>
  );
}

/** Paying an unpaid order by its method: TWINT, the QR-bill, or the test payment / PayPal's buttons. */
export function PayBox({ order, refetch }: { order: Order; refetch: () => void }) {
  if (order.paymentMethod === 'Invoice') return <InvoicePay order={order} />;
  if (order.paymentMethod === 'TWINT')
    return (
      <>
        <HoldTime order={order} onExpired={refetch} />
        <TwintPay order={order} />
      </>
    );
  return <PaypalPayBox order={order} refetch={refetch} />;
}

/** PayPal (or the built-in test payment), as before issue 27. */
function PaypalPayBox({ order, refetch }: { order: Order; refetch: () => void }) {
  const config = usePaymentConfig(true);
  const pay = usePayOrder(String(order.id));
  const [paypalError, setPaypalError] = useState<string | null>(null);
  const t = useT();
  return (
    <>
      <HoldTime order={order} onExpired={refetch} />
      {config.isPending && <Loader label={t('orders.pay.loading')} />}
      {config.isError && <Message variant="danger">{errorMessage(config.error)}</Message>}
      {pay.isError && <Message variant="danger">{errorMessage(pay.error)}</Message>}
      {paypalError && <Message variant="danger">{paypalError}</Message>}
      {config.data?.provider === 'test' && (
        <>
          <Button
            variant="warning"
            className="w-100"
            disabled={pay.isPending}
            // The pay box goes away once paid: focus and announce the "Paid on …" notice instead.
            // (mutateAsync: this box unmounts once paid, and a mutate callback would then not run.)
            onClick={() =>
              pay
                .mutateAsync(undefined)
                .then(() => moveFocus(byId('payment-status'), { say: true }))
                .catch(() => undefined)
            }
          >
            {pay.isPending ? t('orders.pay.paying') : t('orders.pay.test')}
          </Button>
          <p className="small text-body-secondary mt-2 mb-0">{t('orders.pay.testNote')}</p>
        </>
      )}
      {config.data?.provider === 'paypal' && config.data.clientId && (
        <PaypalButtons
          clientId={config.data.clientId}
          currency={config.data.currency}
          createOrder={async () => {
            setPaypalError(null);
            return (await createPaypalOrder(order.id)).id;
          }}
          onApprove={async (paypalOrderId) => {
            await pay
              .mutateAsync(paypalOrderId)
              .then(() => moveFocus(byId('payment-status'), { say: true }))
              .catch(() => undefined);
          }}
          onError={(error) => setPaypalError(errorMessage(error))}
        />
      )}
    </>
  );
}
