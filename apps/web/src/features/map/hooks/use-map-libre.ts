import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useT } from '../../../i18n';
import { loadMapRuntime, type MapRuntime } from '../lib/load-maplibre';
import { mapLibreLocale } from '../lib/map-locale';
import { SWISS_CENTER, SWISS_MAX_BOUNDS } from '../lib/map-style';
import { isWebGLSupported } from '../lib/webgl';

export type MapStatus = 'loading' | 'ready' | 'unsupported' | 'failed';

export interface MapLibreSetup {
  /** Runs once the map exists (listeners, controls); may return what to undo before it is removed. */
  onCreate?(map: MapLibreMap, runtime: MapRuntime): (() => void) | void;
  /** Runs when the style has loaded (sources, layers), just before the map reports `ready`. */
  onLoad?(map: MapLibreMap, runtime: MapRuntime): void;
}

/**
 * A MapLibre map over Switzerland, built once in the returned container: loads the map runtime
 * on demand, uses the configured basemap or the offline style (kept around Switzerland), the
 * chosen language for its controls, and zoom buttons. `status` says whether it is ready, still
 * loading, failed to load, or cannot run here (no WebGL).
 */
export function useMapLibre({
  styleUrl,
  zoom,
  setup,
}: {
  styleUrl?: string | null;
  /** The starting zoom (read when the map is built). */
  zoom: () => number;
  setup?: MapLibreSetup;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const runtime = useRef<MapRuntime | null>(null);
  const [status, setStatus] = useState<MapStatus>(() => (isWebGLSupported() ? 'loading' : 'unsupported'));
  const t = useT();
  // The map is built once: it reads the texts and the caller's setup of the latest render.
  const latest = useRef({ t, zoom, setup });
  latest.current = { t, zoom, setup };

  useEffect(() => {
    if (status !== 'loading') return;
    let cancelled = false;
    let created: MapLibreMap | null = null;
    let undo: (() => void) | void;
    loadMapRuntime()
      .then((rt) => {
        if (cancelled || !container.current) return;
        runtime.current = rt;
        try {
          created = new rt.maplibregl.Map({
            container: container.current,
            style: rt.mapStyle(styleUrl),
            center: SWISS_CENTER,
            zoom: latest.current.zoom(),
            maxBounds: styleUrl ? undefined : SWISS_MAX_BOUNDS,
            attributionControl: { compact: true },
            dragRotate: false,
            locale: mapLibreLocale(latest.current.t),
          });
        } catch {
          setStatus('unsupported');
          return;
        }
        const built = created;
        map.current = built;
        built.addControl(new rt.maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        undo = latest.current.setup?.onCreate?.(built, rt);
        built.on('load', () => {
          latest.current.setup?.onLoad?.(built, rt);
          setStatus('ready');
        });
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      undo?.();
      created?.remove();
      map.current = null;
    };
    // Built once, with the style it started with (a new style means a new component: `key`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { container, map, runtime, status };
}

export type MapLibreHandle = ReturnType<typeof useMapLibre>;
