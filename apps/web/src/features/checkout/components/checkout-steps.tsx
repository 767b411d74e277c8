import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export type CheckoutStep = 'login' | 'shipping' | 'payment' | 'placeorder';

const STEPS: { key: CheckoutStep; label: string; to: string }[] = [
  { key: 'login', label: 'Login', to: paths.login },
  { key: 'shipping', label: 'Shipping', to: paths.shipping },
  { key: 'payment', label: 'Payment', to: paths.payment },
  { key: 'placeorder', label: 'Place Order', to: paths.placeOrder },
];

/**
 * Login, Shipping (only with an online item), Payment, Place Order. Steps up to the current
 * one are reached and become links; later ones are plain text.
 */
export function CheckoutSteps({ current, showShipping }: { current: CheckoutStep; showShipping: boolean }) {
  const steps = STEPS.filter((s) => showShipping || s.key !== 'shipping');
  const currentIndex = steps.findIndex((s) => s.key === current);
  return (
    <nav aria-label="Checkout steps" className="checkout-steps mb-4">
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
                  {step.label}
                </Link>
              ) : (
                <span className="text-body-secondary" aria-disabled="true">
                  {step.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
