import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@marktgasse/shared';
import { useSession } from '../../../stores/session';
import { productQueryOptions } from './product';

/** Answers 404 without a token and the product with one, as for a seller's shop waiting for approval. */
function serveHiddenProduct() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    return headers.get('authorization')
      ? new Response(JSON.stringify({ id: 9, name: 'Bergkäse' }), { status: 200 })
      : new Response(JSON.stringify({ detail: 'No Product matches the given query.' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const fetchProduct = () => new QueryClient().fetchQuery({ ...productQueryOptions(9), retry: false });
const signIn = (status: 'STORE_OWNER' | 'CUSTOMER') =>
  useSession.setState({ userInfo: { access: 'token', status } as LoginResponse, user: null });

afterEach(() => vi.unstubAllGlobals());

describe('a product’s query', () => {
  it('asks without the token first, and again with it for a seller (their shop may not be public yet)', async () => {
    const fetchMock = serveHiddenProduct();
    signIn('STORE_OWNER');
    await expect(fetchProduct()).resolves.toMatchObject({ id: 9, name: 'Bergkäse' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBeNull();
  });

  it('is missing for a customer and a guest, asked once', async () => {
    for (const who of ['CUSTOMER', null] as const) {
      const fetchMock = serveHiddenProduct();
      if (who) signIn(who);
      else useSession.setState({ userInfo: null, user: null });
      await expect(fetchProduct()).rejects.toMatchObject({ status: 404 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
