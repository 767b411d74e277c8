import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { OrdersTable } from './orders-table';

type Row = { id: number; total: string };
const columns = [
  { label: 'ID', cell: (row: Row) => row.id },
  { label: 'Total', cell: (row: Row) => row.total },
];
const action = (row: Row) => <a href={`#/customer-order/${row.id}`}>Details</a>;

describe('orders table', () => {
  it('labels every cell with its column for the phone layout, and ends each row with its action', () => {
    render(
      <OrdersTable
        rows={[
          { id: 7, total: 'CHF 49.90' },
          { id: 8, total: 'CHF 20.-' },
        ]}
        pending={false}
        error={null}
        columns={columns}
        action={action}
        footer={<button type="button">Load More</button>}
      />,
    );
    const [, first] = screen.getAllByRole('row');
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((c) => [c.dataset.label, c.textContent])).toEqual([
      ['ID', '7'],
      ['Total', 'CHF 49.90'],
      ['', 'Details'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load More' })).toBeTruthy();
  });

  it('says when there is nothing, or why the list did not load', () => {
    const { rerender } = render(
      <OrdersTable rows={[]} pending={false} error={null} columns={columns} action={action} />,
    );
    expect(screen.getByText('You have no orders.')).toBeTruthy();
    rerender(
      <OrdersTable
        rows={undefined}
        pending={false}
        error={new ApiError(500, 'Server down.')}
        columns={columns}
        action={action}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Server down.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
