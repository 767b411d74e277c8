/**
 * The table of a list of orders (a customer's orders, a seller's orders): a column per fact,
 * each cell labelled for the phone layout (orders.css stacks the cells under 576 px), and a last
 * cell for the row's action. `footer` goes under the table (a Load More button once the lists
 * are paged).
 */
import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';

export interface OrdersColumn<T> {
  label: string;
  cell(row: T): ReactNode;
}

export function OrdersTable<T extends { id: number }>({
  rows,
  pending,
  error,
  columns,
  action,
  footer,
  empty,
}: {
  rows: readonly T[] | undefined;
  pending: boolean;
  /** The list could not load (shown instead of the table). */
  error: unknown;
  columns: OrdersColumn<T>[];
  /** The row's last cell: a link to the order, or why there is none. */
  action(row: T): ReactNode;
  footer?: ReactNode;
  /** Shown when there is no row ("You have no orders." unless said otherwise). */
  empty?: string;
}) {
  const t = useT();
  if (pending) return <Loader />;
  if (error) return <Message variant="danger">{errorMessage(error)}</Message>;
  if (!rows?.length) return <Message variant="info">{empty ?? t('orders.list.empty')}</Message>;
  return (
    <>
      <Table striped hover className="orders-table bg-white mb-0">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('orders.list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
              <td data-label="" className="text-end">
                {action(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {footer}
    </>
  );
}
