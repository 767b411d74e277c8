import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePayOrder } from './orders';

function wrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const keyOf = (call: unknown[]) =>
  (call[1] as RequestInit & { headers: Record<string, string> }).headers['idempotency-key'];

describe('paying an order', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('retries a payment whose answer was lost with the same Idempotency-Key, so it is never captured twice', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 7, isPaid: true }), { status: 200 }))
      .mockResolvedValue(new Response(JSON.stringify({ id: 7, isPaid: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => usePayOrder('7'), { wrapper: wrapper() });

    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5_000 });
    const payCalls = fetchMock.mock.calls.filter((c) => String(c[0]).includes('/api/orders/7/pay/'));
    expect(payCalls).toHaveLength(2);
    const [first, retry] = payCalls.map((c) => keyOf(c as unknown[]));
    expect(first).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(retry).toBe(first);
  });
});
