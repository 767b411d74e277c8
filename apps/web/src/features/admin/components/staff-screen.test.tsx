/**
 * Staff invitations on the staff screen (decision 293): a new account without a password is
 * invited by e-mail, and an account that has not signed in yet can be sent a new link.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffScreen } from './staff-screen';

const account = (id: number, username: string, enrolled: boolean) => ({
  id,
  username,
  email: `${username}@example.ch`,
  permissions: ['support'],
  enrolled,
  disabled: false,
  date_joined: '2026-11-20T10:00:00.000Z',
});

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (init?.method === 'POST' && path.endsWith('/api/admin/staff/'))
      return Response.json(account(9, JSON.parse(String(init.body)).username, false), { status: 201 });
    if (init?.method === 'POST' && path.includes('/invite/')) return Response.json(account(7, 'lena', false));
    return Response.json({
      count: 2,
      next: null,
      results: [account(7, 'lena', false), account(8, 'marco', true)],
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) }));

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaffScreen />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('StaffScreen invitations', () => {
  it('invites a new colleague by e-mail when the password is left empty', async () => {
    const fetchMock = serve();
    renderScreen();
    await userEvent.type(screen.getByLabelText('Username'), 'nina');
    await userEvent.type(screen.getByLabelText('E-mail'), 'nina@example.ch');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('nina was sent an invitation e-mail.')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([
      {
        url: expect.stringContaining('/api/admin/staff/'),
        body: { username: 'nina', email: 'nina@example.ch', permissions: ['support'] },
      },
    ]);
  });

  it('sends a new invitation only to an account that has not signed in yet', async () => {
    const fetchMock = serve();
    renderScreen();
    const rows = within(await screen.findByTestId('admin-staff')).getAllByRole('row');
    const lena = rows.find((r) => within(r).queryByText('lena'))!;
    const marco = rows.find((r) => within(r).queryByText('marco'))!;
    expect(within(marco).queryByRole('button', { name: 'Send invitation again' })).toBeNull();
    await userEvent.click(within(lena).getByRole('button', { name: 'Send invitation again' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchMock)).toEqual([
      { url: expect.stringContaining('/api/admin/staff/7/invite/'), body: { reason: '' } },
    ]);
  });
});
