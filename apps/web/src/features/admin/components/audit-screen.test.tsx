/**
 * The audit log in the operator's words (decision 333): each action the server writes shows as
 * a label in the operator's language with its raw name beside it, an action the app does not
 * know yet shows its raw name, and the filter is a list of the actions by label.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS } from '@marktgasse/shared';
import { LOCALES, useI18n } from '../../../i18n';
import { AuditScreen } from './audit-screen';

const entry = (id: number, action: string, object: string, reason = '') => ({
  id,
  action,
  staff: 'demo-staff',
  staff_id: 3,
  object,
  before: null,
  after: null,
  reason,
  address: '127.0.0.1',
  at: '2026-11-28T09:30:00.000Z',
});

const entries = [
  entry(3, 'user.lock', 'user:41', 'Card fraud reported by the bank'),
  entry(2, 'product.hide', 'product:12', 'Counterfeit'),
  entry(1, 'voucher.issue', 'voucher:7'),
];

function serve() {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      const action = url.searchParams.get('action');
      const results = action ? entries.filter((e) => e.action === action) : entries;
      return Response.json({ count: results.length, next: null, results });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuditScreen />
    </QueryClientProvider>,
  );
  return urls;
}

const rowOf = (table: HTMLElement, object: string) =>
  within(table).getByText(object, { exact: true }).closest('tr')!;

afterEach(async () => {
  vi.unstubAllGlobals();
  await useI18n.getState().setLocale('en');
});

describe('AuditScreen actions', () => {
  it('names each action in words, keeps its raw name beside it, and shows an unknown one raw', async () => {
    serve();
    const table = await screen.findByTestId('admin-audit');
    await within(table).findByText('user:41');
    const locked = within(rowOf(table, 'user:41')).getAllByRole('cell')[2]!;
    expect(locked.textContent).toBe('Account lockeduser.lock');
    expect(within(locked).getByText('user.lock').tagName).toBe('CODE');
    expect(within(rowOf(table, 'product:12')).getByText('Product hidden')).toBeTruthy();
    const unknown = within(rowOf(table, 'voucher:7')).getAllByRole('cell')[2]!;
    expect(unknown.textContent).toBe('voucher.issue');
  });

  it('speaks the operator’s language', async () => {
    await useI18n.getState().setLocale('de-CH');
    serve();
    const table = await screen.findByTestId('admin-audit');
    expect(await within(table).findByText('Konto gesperrt')).toBeTruthy();
    expect(within(table).getByText('Produkt ausgeblendet')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Alle Aktionen' })).toBeTruthy();
  });

  it.each(LOCALES)('offers every action the server writes by its name in %s', async (locale) => {
    await useI18n.getState().setLocale(locale);
    serve();
    const select = screen.getByRole('combobox', { name: useI18n.getState().messages['admin.audit.action'] });
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(AUDIT_ACTIONS.length + 1);
    expect(options.map((o) => (o as HTMLOptionElement).value).slice(1)).toEqual(
      expect.arrayContaining([...AUDIT_ACTIONS]),
    );
    const names = options.map((o) => o.textContent ?? '');
    // A missing message shows its key: every option has a name of its own.
    for (const name of names) expect(name).not.toMatch(/^admin\.|^$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('filters by the chosen action at once, and shows all again', async () => {
    const urls = serve();
    const table = await screen.findByTestId('admin-audit');
    await within(table).findByText('voucher:7');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Account locked');
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('action')).toBe('user.lock'));
    await waitFor(() => expect(within(table).queryByText('product:12')).toBeNull());
    expect(within(table).getByText('user:41')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'All actions');
    await within(table).findByText('product:12');
    expect(urls.at(-1)?.searchParams.has('action')).toBe(false);
  });

  it('filters by action and object together', async () => {
    const urls = serve();
    await userEvent.type(screen.getByLabelText('Object'), 'user:41');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'user.lock');
    await waitFor(() => {
      const last = urls.at(-1)!;
      expect([last.searchParams.get('action'), last.searchParams.get('object')]).toEqual([
        'user.lock',
        'user:41',
      ]);
    });
  });
});
