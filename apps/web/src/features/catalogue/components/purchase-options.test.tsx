import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@marktgasse/shared';
import { testProduct } from '../testing';
import { PurchaseOptions } from './purchase-options';

const product: Product = testProduct({
  id: 5,
  countInStock: 5,
  stocks: [
    { id: 1, number: 3, store: 11, storeName: 'Langnau', city: 'Langnau' },
    { id: 2, number: 2, store: 12, storeName: 'Burgdorf', city: 'Burgdorf' },
    { id: 3, number: 0, store: 13, storeName: 'Thun', city: 'Thun' },
  ],
  createdAt: '2025-01-01T00:00:00Z',
});

const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('PurchaseOptions', () => {
  it('offers 0..total for online, 0..the store’s stock in-store, and resets the quantity on a new choice', async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    render(<PurchaseOptions product={product} ownProduct={false} onAdd={onAdd} />);
    const add = screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Order type'), 'online');
    expect(options('Quantity')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(add.disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Quantity'), '4');
    expect(add.disabled).toBe(false);

    await user.selectOptions(screen.getByLabelText('Order type'), 'inStore');
    expect((screen.getByLabelText('Quantity') as HTMLSelectElement).value).toBe('0');
    // Only stores with stock are offered, each with its stock (the town is in its name here).
    const stores = within(screen.getByRole('group', { name: 'Store' })).getAllByRole('radio');
    expect(stores.map((radio) => radio.closest('.form-check')!.textContent)).toEqual([
      'Langnau3 in stock',
      'Burgdorf2 in stock',
    ]);
    expect(options('Quantity')).toEqual(['0']);
    await user.click(screen.getByRole('radio', { name: /^Burgdorf/ }));
    expect(options('Quantity')).toEqual(['0', '1', '2']);
    await user.selectOptions(screen.getByLabelText('Quantity'), '2');
    await user.click(add);
    expect(onAdd).toHaveBeenCalledWith('inStore', 12, 2);
  });

  it('blocks own products with the seller message', () => {
    render(<PurchaseOptions product={product} ownProduct onAdd={vi.fn()} />);
    expect(screen.getByText("Seller accounts can't buy products from their own stores.")).toBeTruthy();
    expect((screen.getByLabelText('Order type') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables everything when nothing is in stock', () => {
    render(
      <PurchaseOptions
        product={{ ...product, stocks: [], countInStock: 0 }}
        ownProduct={false}
        onAdd={vi.fn()}
      />,
    );
    expect((screen.getByLabelText('Order type') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
