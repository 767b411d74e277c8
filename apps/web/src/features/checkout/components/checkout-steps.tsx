import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';

export type CheckoutStep = 'login' | 'shipping' | 'payment' | 'placeorder';

const STEPS: { key: CheckoutStep; label: string; to: string }[] = [
  { key: 'login', label: 'checkout.steps.login', to: paths.login },
  { key: 'shipping', label: 'checkout.steps.shipping', to: paths.shipping },
  { key: 'payment', label: 'checkout.steps.payment', to: paths.payment },
  { key: 'placeorder', label: 'checkout.steps.placeOrder', to: paths.placeOrder },
];

/**
 * Login, Shipping (only with an online item), Payment, Place Order. Steps up to the current
 * one are reached and become links; later ones are plain text.
 */
export function CheckoutSteps({ current, showShipping }: { current: CheckoutStep; showShipping: boolean }) {
  const t = useT();
  const steps = STEPS.filter((s) => showShipping || s.key !== 'shipping');
  const currentIndex = steps.findIndex((s) => s.key === current);
  return (
    <nav aria-label={t('checkout.steps.label')} className="checkout-steps mb-4">
      <ol className="checkout-steps__list">
        {steps.map((step, index) => {
          const reached = index <= currentIndex;
          const isCurrent = index === currentIndex;
          return (
            <li
              key={step.key}
              className={`checkout-steps__item${reached ? ' is-reached' : ''}${isCurrent ? ' is-current' : ''}`}
            >
              <span className="checkout-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              {reached ? (
                <Link to={step.to} aria-current={isCurrent ? 'step' : undefined}>
                  {t(step.label)}
                </Link>
              ) : (
                <span className="text-body-secondary" aria-disabled="true">
                  {t(step.label)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
