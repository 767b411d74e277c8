import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderCreateInput } from '@marktgasse/shared';
import { useCreateOrder } from './create-order';

function wrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const payload = (totalPrice: string) =>
  ({
    orderItems: [],
    paymentMethod: 'PayPal',
    totalPrice,
    totalShippingPrice: '0.00',
    shippingAddress: null,
  }) as unknown as OrderCreateInput;

const keyOf = (call: unknown[]) =>
  (call[1] as RequestInit & { headers: Record<string, string> }).headers['idempotency-key'];

describe('placing an order', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one Idempotency-Key per attempt: the same on a retry after a lost answer, a new one after an answer', async () => {
    const fetchMock = vi
      .fn()
      // The first answer is lost (the connection drops), the retry is answered.
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(new Response(JSON.stringify({ detail: 'Prices have changed' }), { status: 409 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useCreateOrder(), { wrapper: wrapper() });

    act(() => result.current.mutate(payload('10.00')));
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 5_000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, retry] = fetchMock.mock.calls.map((c) => keyOf(c as unknown[]));
    expect(first).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(retry).toBe(first);

    // The 409 was an answer: the corrected order is a new attempt.
    act(() => result.current.mutate(payload('12.00')));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(keyOf(fetchMock.mock.calls[2] as unknown[])).not.toBe(first);
  });
});
