/** Loads the map runtime on demand; callers are map components only (the home route never pays for it). */
import type * as Runtime from './maplibre-runtime';

export type MapRuntime = typeof Runtime;

let runtime: Promise<MapRuntime> | null = null;

export function loadMapRuntime(): Promise<MapRuntime> {
  runtime ??= import('./maplibre-runtime').catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}
