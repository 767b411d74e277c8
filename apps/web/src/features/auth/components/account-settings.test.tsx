/**
 * The profile's address and password section tells where the server's notice went (decisions
 * 324, 328): a new password is told to the account's address, an asked change of address to the
 * current one, both named in the success message.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@marktgasse/shared';
import { useI18n } from '../../../i18n';
import { AccountSettingsCard } from './account-settings';

const anna: User = {
  id: 41,
  username: 'anna',
  email: 'anna@example.ch',
  date_joined: '2026-11-20T10:00:00.000Z',
  last_login: null,
  is_staff: false,
  profile: null,
  emailConfirmed: true,
};

const LINK_SENT =
  'We have sent a link to your new address. Open it within 48 hours to complete the change; until then your address stays as it is.';

function serve() {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const path = String(input);
    if (path.includes('/api/users/me/password/')) return new Response(null, { status: 204 });
    if (path.includes('/api/users/me/email/')) return Response.json({ detail: LINK_SENT }, { status: 202 });
    if (path.includes('/api/users/login/') && init?.method === 'POST')
      return Response.json({
        access: 'new-token',
        id: 41,
        username: 'anna',
        email: anna.email,
        is_staff: false,
      });
    if (path.includes('/api/users/me/')) return Response.json(anna);
    return Response.json({ detail: 'Not found.' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccountSettingsCard user={anna} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

async function changePassword(labels: { current: string; next: string; repeat: string; submit: string }) {
  const form = document.getElementById('password-change-form')!;
  const field = (label: string) => screen.getAllByLabelText(label).find((el) => form.contains(el))!;
  await userEvent.type(field(labels.current), 'old-secret-pass-1');
  await userEvent.type(field(labels.next), 'another-secret-pass-7');
  await userEvent.type(field(labels.repeat), 'another-secret-pass-7');
  await userEvent.click(screen.getByRole('button', { name: labels.submit }));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await useI18n.getState().setLocale('en');
});

describe('AccountSettingsCard success messages', () => {
  it('says that a notice of the new password went to the account’s address', async () => {
    serve();
    await changePassword({
      current: 'Current password',
      next: 'New password',
      repeat: 'Repeat new password',
      submit: 'Change password',
    });
    const done = await screen.findByText(/Your password is changed/);
    expect(done.textContent).toContain('We have sent a notice of the change to anna@example.ch.');
  });

  it('says so in German too', async () => {
    await useI18n.getState().setLocale('de-CH');
    serve();
    await changePassword({
      current: 'Aktuelles Passwort',
      next: 'Neues Passwort',
      repeat: 'Neues Passwort wiederholen',
      submit: 'Passwort ändern',
    });
    const done = await screen.findByText(/Ihr Passwort ist geändert/);
    expect(done.textContent).toContain(
      'Wir haben eine Mitteilung über die Änderung an anna@example.ch gesendet.',
    );
  });

  it('says that the current address was told of the asked change, besides the link to the new one', async () => {
    serve();
    const form = document.getElementById('email-change-form')!;
    await userEvent.type(screen.getByLabelText('New e-mail address'), 'anna.neu@example.ch');
    const password = screen.getAllByLabelText('Current password').find((el) => form.contains(el))!;
    await userEvent.type(password, 'old-secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send link to new address' }));
    const sent = await screen.findByText(/We have sent a link to your new address/);
    expect(sent.textContent).toContain(
      'We have also sent a notice to your current address, anna@example.ch.',
    );
    expect(sent.textContent).not.toContain('anna.neu@example.ch');
  });
});
