/**
 * The pages of the mailed links say where the server's notice went (decision 328): a reset
 * password to the account's address, a confirmed new address to the previous one. A staff
 * invitation's first password is told to nobody, and its page says nothing of a notice.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useI18n } from '../../../i18n';
import { Component as AcceptInvitation } from './accept-invitation';
import { Component as ConfirmEmail } from './confirm-email';
import { Component as ResetPassword } from './reset-password';

function open(Page: ComponentType, address: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      String(input).includes('/api/users/email-change/confirm/')
        ? Response.json({ email: 'anna.neu@example.ch', emailConfirmed: true })
        : new Response(null, { status: 204 }),
    ),
  );
  const path = address.split('?')[0]!;
  const router = createMemoryRouter([{ path, element: <Page /> }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function choosePassword(save: string) {
  await userEvent.type(await screen.findByLabelText('New password'), 'another-secret-pass-7');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'another-secret-pass-7');
  await userEvent.click(screen.getByRole('button', { name: save }));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await useI18n.getState().setLocale('en');
});

describe('the pages of mailed links', () => {
  it('a reset says that the account’s address was told', async () => {
    open(ResetPassword, '/reset-password?token=abc');
    await choosePassword('Save password');
    const done = await screen.findByText(/Your password is changed/);
    expect(done.textContent).toContain('We have sent a notice of the change to your e-mail address.');
  });

  it('a confirmed change of address says that the previous address was told, in French too', async () => {
    await useI18n.getState().setLocale('fr-CH');
    open(ConfirmEmail, '/confirm-email?change=abc');
    const done = await screen.findByText(/anna\.neu@example\.ch est désormais votre adresse e-mail/);
    expect(done.textContent).toContain(
      'Nous avons envoyé un avis de ce changement à votre ancienne adresse.',
    );
  });

  it('an accepted staff invitation promises no notice', async () => {
    open(AcceptInvitation, '/accept-invitation?token=abc');
    await choosePassword('Save password');
    const done = await screen.findByText(/Your password is set/);
    expect(done.textContent).not.toMatch(/notice/i);
  });
});
