/**
 * The users screen (issue 29): support finds accounts by text and role and sends a password
 * reset; staff with admin lock an account with a reason; the buttons follow the permissions
 * (the server refuses the others anyway).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@marktgasse/shared';
import { useSession } from '../../../stores/session';
import { UsersScreen } from './users-screen';

const anna = {
  id: 41,
  username: 'anna',
  email: 'anna@example.ch',
  name: null,
  status: 'CUSTOMER',
  is_staff: false,
  locked: false,
  suspended: false,
  date_joined: '2026-11-20T10:00:00.000Z',
};

function serve() {
  let locked = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (init?.method === 'PUT' && path.includes('/api/admin/users/41/lock/')) {
      locked = true;
      return Response.json({ ...anna, locked: true });
    }
    if (init?.method === 'POST' && path.includes('/api/admin/users/41/password-reset/'))
      return Response.json({ detail: 'A password reset e-mail is on its way.' }, { status: 202 });
    if (path.includes('/api/admin/users/')) {
      const results =
        new URL(path, 'http://x').searchParams.get('search') === 'nobody' ? [] : [{ ...anna, locked }];
      return Response.json({ count: results.length, next: null, results });
    }
    return Response.json({ detail: 'Not found.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen(permissions: string[]) {
  useSession.setState({
    userInfo: { access: 'token', is_staff: true, permissions } as unknown as LoginResponse,
    user: null,
  });
  const router = createMemoryRouter([{ path: '/admin/users', element: <UsersScreen /> }], {
    initialEntries: ['/admin/users'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const calls = (fetchMock: ReturnType<typeof serve>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

afterEach(() => vi.unstubAllGlobals());

describe('UsersScreen', () => {
  it('searches by text and role, and links to the account’s orders', async () => {
    const fetchMock = serve();
    renderScreen(['support']);
    await userEvent.type(
      await screen.findByLabelText('Username, e-mail, shop name or number'),
      'anna@example.ch',
    );
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'STORE_OWNER');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = calls(fetchMock, 'GET').at(-1)!.url;
      expect(last).toContain('search=anna%40example.ch');
      expect(last).toContain('role=STORE_OWNER');
    });
    const table = screen.getByTestId('admin-users');
    expect(within(table).getByText('anna@example.ch')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Orders of anna' }).getAttribute('href')).toBe(
      '/admin/orders?customer=41',
    );

    await userEvent.clear(screen.getByLabelText('Username, e-mail, shop name or number'));
    await userEvent.type(screen.getByLabelText('Username, e-mail, shop name or number'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
  });

  it('lets staff with admin lock an account, with the reason they give', async () => {
    const fetchMock = serve();
    renderScreen(['support', 'admin']);
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog');
    // No reason, no request: the reason is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await within(dialog).findByText('Give a reason: it is kept in the audit log.')).toBeTruthy();
    expect(calls(fetchMock, 'PUT')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Card fraud reported by the bank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'PUT')).toEqual([
      {
        url: expect.stringContaining('/api/admin/users/41/lock/'),
        body: { reason: 'Card fraud reported by the bank' },
      },
    ]);
    // The list is read again: the account shows locked and offers unlocking.
    expect(await screen.findByRole('button', { name: 'Unlock' })).toBeTruthy();
    expect(screen.getByText('locked')).toBeTruthy();
  });

  it('lets support send a password reset e-mail but not lock', async () => {
    const fetchMock = serve();
    renderScreen(['support']);
    await userEvent.click(await screen.findByRole('button', { name: 'Send password reset e-mail' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Customer called, lost access');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send password reset e-mail' }));
    expect(await screen.findByText('A password reset e-mail is on its way.')).toBeTruthy();
    expect(calls(fetchMock, 'POST')).toEqual([
      {
        url: expect.stringContaining('/api/admin/users/41/password-reset/'),
        body: { reason: 'Customer called, lost access' },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
  });

  it('shows no reset or lock button to staff without support or admin', async () => {
    serve();
    renderScreen(['moderation']);
    await screen.findByText('anna@example.ch');
    expect(screen.queryByRole('button', { name: 'Send password reset e-mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
  });
});
