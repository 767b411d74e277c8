import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PublicConfig {
  mapStyleUrl: string | null;
  currency: 'CHF';
}

/** GET /api/config/: asked once per page load (it does not change while the app runs). */
export const mapConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api<PublicConfig>('/api/config/', { auth: false, signal }),
  staleTime: Infinity,
  gcTime: Infinity,
  // A missing or failing config means the offline style: no reason to hold the map back.
  retry: false,
});

/**
 * The basemap for the map components: the configured remote style URL, or null for the
 * bundled offline style (also when the config cannot be read). `ready` is false until the
 * answer (or the error) is in, so a map is built once with the right style.
 */
export function useMapStyleUrl(): { ready: boolean; styleUrl: string | null } {
  const config = useQuery(mapConfigQuery);
  const url = config.data?.mapStyleUrl;
  return {
    ready: !config.isPending,
    styleUrl: config.isSuccess && typeof url === 'string' && url.trim() !== '' ? url : null,
  };
}
