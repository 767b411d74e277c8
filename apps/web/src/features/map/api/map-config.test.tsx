import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMapStyleUrl } from './map-config';

function wrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('useMapStyleUrl', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses the configured style URL, asking the server once', async () => {
    const fetchMock = answer(200, { mapStyleUrl: 'https://tiles.example.ch/style.json', currency: 'CHF' });
    vi.stubGlobal('fetch', fetchMock);
    const { result, rerender } = renderHook(() => useMapStyleUrl(), { wrapper: wrapper() });
    expect(result.current.ready).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.styleUrl).toBe('https://tiles.example.ch/style.json');
    rerender();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/config/');
  });

  it('falls back to the offline style when none is configured', async () => {
    vi.stubGlobal('fetch', answer(200, { mapStyleUrl: null, currency: 'CHF' }));
    const { result } = renderHook(() => useMapStyleUrl(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.styleUrl).toBeNull();
  });

  it('falls back to the offline style when the config cannot be read', async () => {
    vi.stubGlobal('fetch', answer(500, { detail: 'boom' }));
    const { result } = renderHook(() => useMapStyleUrl(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.styleUrl).toBeNull();
  });
});
