/**
 * Sellers awaiting approval (decision 290): the sellers list of the moderation screen filters
 * them, marks them, and approves one from a keyboard-usable dialog whose note is optional.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModerationScreen } from './moderation-screen';

const pending = {
  id: 7,
  username: 'zwergli',
  name: 'Käserei Zwergli',
  email: 'zwergli@example.ch',
  status: 'pending',
  suspended: false,
  suspended_reason: null,
  products: 2,
  date_joined: '2026-11-27T10:00:00.000Z',
};
const active = { ...pending, id: 8, username: 'beck', name: 'Beck Muster', status: 'active' };
const empty = { count: 0, next: null, results: [] };

function serve() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (method === 'PUT') return json({ ...pending, status: 'active' });
      if (url.includes('/api/admin/sellers/')) {
        const results = url.includes('status=pending') ? [pending] : [pending, active];
        return json({ count: results.length, next: null, results });
      }
      return json(empty);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModerationScreen />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('ModerationScreen sellers awaiting approval', () => {
  it('filters the sellers awaiting approval and offers Approve only for them', async () => {
    const calls = serve();
    const list = await screen.findByTestId('admin-sellers');
    await within(list).findByText('Käserei Zwergli');
    expect(within(list).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(within(list).getByText('awaiting approval')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Show', { selector: '#sellers-state' }), 'pending');
    await waitFor(() => expect(calls.some((c) => c.url.includes('status=pending'))).toBe(true));
  });

  it('approves from the keyboard without a note, with the PUT the server expects', async () => {
    const calls = serve();
    const list = await screen.findByTestId('admin-sellers');
    const approve = await within(list).findByRole('button', { name: 'Approve' });
    approve.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Approve Käserei Zwergli' });
    expect(dialog.textContent).toContain('become public at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: expect.stringContaining('/api/admin/sellers/7/approve/'),
        method: 'PUT',
        body: { reason: '' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
