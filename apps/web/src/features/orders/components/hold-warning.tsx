import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import type { Order } from '@marktgasse/shared';
import { announce } from '../../../components/announcer';
import { moveFocus } from '../../../components/focus';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useCountText } from '../../../i18n/plural';
import { errorMessage } from '../../../lib/api-client';
import { useExtendHold } from '../api/extend-hold';

/** How long before the hold ends the warning shows (WCAG 2.2.1 asks for at least 20 s). */
export const HOLD_WARNING_MINUTES = 5;

/**
 * The warning before an unpaid order's hold ends, announced once when it appears, with a way to
 * keep the order (decision 188). A refusal (the anti-hoarding limits) is shown and announced;
 * focus stays on the button then, and moves to the hold time once the order is kept.
 */
export function HoldWarning({ order, minutesLeft }: { order: Order; minutesLeft: number }) {
  const t = useT();
  const f = useFormat();
  const count = useCountText();
  const extend = useExtendHold(String(order.id));
  const warned = useRef(false);
  const show = minutesLeft > 0 && minutesLeft <= HOLD_WARNING_MINUTES;
  const text = count('orders.holdWarning', minutesLeft);
  useEffect(() => {
    if (show && !warned.current) {
      warned.current = true;
      announce(text);
    }
    if (!show) warned.current = false;
  }, [show, text]);
  if (!show) return null;
  return (
    // Said once through the live region, so no alert role of its own (that would repeat it).
    <div className="alert alert-warning py-2" data-testid="hold-warning">
      <p className="mb-2">{text}</p>
      {extend.isError && (
        <p className="text-danger-emphasis fw-semibold mb-2" role="alert">
          {errorMessage(extend.error)}
        </p>
      )}
      <Button
        size="sm"
        variant="dark"
        disabled={extend.isPending}
        // mutateAsync: this warning unmounts once the order is kept, and a mutate callback would not run.
        onClick={() =>
          extend
            .mutateAsync()
            .then((kept) =>
              moveFocus(() => document.querySelector<HTMLElement>('[data-testid="hold-time"]'), {
                say: t('orders.holdKept', { time: f.time(kept.expiresAt) }),
              }),
            )
            .catch(() => undefined)
        }
      >
        {t('orders.holdKeep')}
      </Button>
    </div>
  );
}
