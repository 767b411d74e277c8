import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CheckoutSteps, type CheckoutStep } from './checkout-steps';

function renderSteps(current: CheckoutStep, showShipping: boolean) {
  render(
    <MemoryRouter>
      <CheckoutSteps current={current} showShipping={showShipping} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Checkout steps' }));
}

describe('CheckoutSteps', () => {
  it('links the steps reached so far and leaves later steps as text', () => {
    const nav = renderSteps('payment', true);
    expect(nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(nav.getByRole('link', { name: 'Shipping' }).getAttribute('href')).toBe('/shipping');
    expect(nav.getByRole('link', { name: 'Payment' }).getAttribute('aria-current')).toBe('step');
    expect(nav.queryByRole('link', { name: 'Place Order' })).toBeNull();
    expect(nav.getByText('Place Order').tagName).toBe('SPAN');
  });

  it('leaves out Shipping when the cart has no online item', () => {
    const nav = renderSteps('placeorder', false);
    expect(nav.queryByText('Shipping')).toBeNull();
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Login', 'Payment', 'Place Order']);
  });

  it('on the shipping step only Login and Shipping are links', () => {
    const nav = renderSteps('shipping', true);
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Login', 'Shipping']);
  });
});
