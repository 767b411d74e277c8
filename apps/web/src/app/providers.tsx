import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { DeferredAtOnce, partsHydrated } from '../components/deferred';
import { queryClient } from '../lib/query-client';

/**
 * Everything renders at once on the server and while hydrating (the parts put off included:
 * decision 299); later renders defer again.
 */
function AtOnceWhileHydrating({ children }: { children: ReactNode }) {
  const [hydrating, setHydrating] = useState(true);
  useEffect(() => {
    let current = true;
    void partsHydrated().then(() => current && setHydrating(false));
    return () => {
      current = false;
    };
  }, []);
  return <DeferredAtOnce.Provider value={hydrating}>{children}</DeferredAtOnce.Provider>;
}

/**
 * The browser's one query client; the server passes one per rendered page. `serverRendered`: the
 * server renders this, or the browser hydrates the server's markup.
 */
export function Providers({
  children,
  client = queryClient,
  serverRendered = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  serverRendered?: boolean;
}) {
  const app = <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return serverRendered ? <AtOnceWhileHydrating>{app}</AtOnceWhileHydrating> : app;
}
