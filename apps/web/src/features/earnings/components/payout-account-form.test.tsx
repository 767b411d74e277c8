/**
 * The payout account form: what the seller types is what is saved, whenever the profile's answer
 * comes (a late first answer or a refetch used to overwrite the typed IBAN and holder).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayoutAccountForm } from './payout-account-form';

const STORED = { iban: 'CH93 0076 2011 6238 5295 7', accountHolder: 'Käserei Muster AG' };
const TYPED = { iban: 'ch56 0483 5012 3456 7800 9', accountHolder: 'Käserei Muster GmbH' };

/** The profile answers when `release()` is called (each GET waits for its own call). */
function serve() {
  const waiting: (() => void)[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') {
      // The server keeps the IBAN in capitals.
      const body = JSON.parse(String(init.body)) as typeof TYPED;
      return Response.json({ id: 4, user: 4, ...body, iban: body.iban.toUpperCase() });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
    return Response.json({ id: 4, user: 4, ...STORED });
  });
  vi.stubGlobal('fetch', fetchMock);
  const release = async () => {
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!();
  };
  return { fetchMock, release };
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PayoutAccountForm userId={4} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('PayoutAccountForm', () => {
  it('shows no fields to type into until the stored account has arrived, then starts from it', async () => {
    const { release } = serve();
    renderForm();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByLabelText('IBAN')).toBeNull();
    await release();
    expect(((await screen.findByLabelText('IBAN')) as HTMLInputElement).value).toBe(STORED.iban);
    expect((screen.getByLabelText('Account holder') as HTMLInputElement).value).toBe(STORED.accountHolder);
  });

  it('keeps what the seller typed when the profile is fetched again, saves that and shows it as stored', async () => {
    const { fetchMock, release } = serve();
    const client = renderForm();
    await release();
    const iban = (await screen.findByLabelText('IBAN')) as HTMLInputElement;
    const holder = screen.getByLabelText('Account holder') as HTMLInputElement;
    await userEvent.clear(iban);
    await userEvent.type(iban, TYPED.iban);
    await userEvent.clear(holder);
    await userEvent.type(holder, TYPED.accountHolder);

    // The profile answers again (a refetch on focus, say) with the stored account.
    const refetched = client.invalidateQueries({ queryKey: ['profiles', 4, 'own'] });
    await release();
    await refetched;
    expect(client.getQueryState(['profiles', 4, 'own'])?.dataUpdateCount).toBe(2);
    expect(iban.value).toBe(TYPED.iban);
    expect(holder.value).toBe(TYPED.accountHolder);

    await userEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText('Payout account saved.')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toEqual(TYPED);
    // Saved, the fields show the account as the server stored it.
    expect(iban.value).toBe('CH56 0483 5012 3456 7800 9');
  });
});
