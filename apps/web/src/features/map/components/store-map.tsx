/**
 * The store map: MapLibre GL (loaded on demand) with one HTML marker per store, grouped into
 * cluster markers where they overlap. Markers are buttons, so they work with the keyboard
 * and carry the store's name for assistive technology; the popup links to the seller page.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { MapStore } from '@marktgasse/shared';
import type { GeoJSONSource, Map as MapLibreMap, Marker, Popup } from 'maplibre-gl';
import { paths } from '../../../config/paths';
import { useT, type TranslateVars } from '../../../i18n';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { placeLine } from '../lib/address';
import { loadMapRuntime, type MapRuntime } from '../lib/load-maplibre';
import { mapLibreLocale } from '../lib/map-locale';
import { closeUpZoom, SWISS_CENTER, SWISS_MAX_BOUNDS, storeMapZoom } from '../lib/map-style';
import { isWebGLSupported } from '../lib/webgl';

/** What a marker and its popup need (a MapStore from the map search has it). */
export type MapMarkerStore = Pick<
  MapStore,
  'id' | 'name' | 'city' | 'address' | 'latitude' | 'longitude' | 'owner_name' | 'owner_id'
>;

export interface StoreMapHandle {
  /** Centres the map on a store and opens its popup. */
  showStore(store: MapMarkerStore): void;
}

interface Props {
  stores: MapMarkerStore[];
  /** When this changes to a non-empty value, the map fits the stores shown (a new search). */
  fitKey?: string;
  styleUrl?: string | null;
  height?: number | string;
}

const SOURCE = 'stores';

type Translate = (key: string, vars?: TranslateVars) => string;

function popupContent(store: MapMarkerStore, t: Translate): HTMLElement {
  const root = document.createElement('div');
  root.className = 'store-popup';
  const name = document.createElement('strong');
  name.textContent = store.name;
  const place = document.createElement('div');
  place.className = 'small text-body-secondary';
  place.textContent = placeLine(store.address, store.city);
  const seller = document.createElement('div');
  seller.className = 'small mt-1';
  seller.append(`${t('map.seller')} `);
  const link = document.createElement('a');
  link.href = `#${paths.seller(store.owner_id)}`;
  link.textContent = store.owner_name;
  seller.append(link);
  root.append(name, place, seller);
  return root;
}

function toFeatures(stores: MapMarkerStore[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: stores.map((s) => ({
      type: 'Feature',
      id: s.id,
      properties: { id: s.id },
      geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
    })),
  };
}

const PIN_SVG =
  '<svg width="28" height="38" viewBox="0 0 28 38" aria-hidden="true" focusable="false"><path d="M14 0C6.3 0 0 6.1 0 13.7 0 24 14 38 14 38s14-14 14-24.3C28 6.1 21.7 0 14 0z" fill="#c8102e"/><circle cx="14" cy="13.5" r="5.5" fill="#fff"/></svg>';

export const StoreMap = forwardRef<StoreMapHandle, Props>(function StoreMap(
  { stores, fitKey, styleUrl, height = 520 },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const runtimeRef = useRef<MapRuntime | null>(null);
  const storesRef = useRef(stores);
  const markers = useRef(new Map<string, Marker>());
  const focusPopup = useRef<Popup | null>(null);
  /** Once the view was moved (by the user or a search), a resize no longer resets the zoom. */
  const moved = useRef(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'unsupported' | 'failed'>(() =>
    isWebGLSupported() ? 'loading' : 'unsupported',
  );
  const t = useT();
  // Markers and popups are built outside React: they read the current texts through this ref.
  const tRef = useRef(t);
  tRef.current = t;

  storesRef.current = stores;

  // Create the map once.
  useEffect(() => {
    if (status === 'unsupported') return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    const byId = () => new Map(storesRef.current.map((s) => [s.id, s]));

    function updateMarkers() {
      const rt = runtimeRef.current;
      if (!map || !rt || !map.getSource(SOURCE)) return;
      const lookup = byId();
      const next = new Map<string, Marker>();
      for (const f of map.querySourceFeatures(SOURCE)) {
        const props = f.properties as Record<string, number | boolean | undefined>;
        const coords = (f.geometry as Point).coordinates as [number, number];
        const key = props.cluster ? `c${props.cluster_id}` : `s${props.id}`;
        if (next.has(key)) continue;
        let marker = markers.current.get(key);
        if (!marker) {
          if (props.cluster) {
            const count = Number(props.point_count);
            const button = document.createElement('button');
            button.type = 'button';
            button.className = 'map-cluster-marker';
            button.textContent = String(count);
            button.setAttribute('aria-label', tRef.current('map.cluster', { count }));
            const size = count < 10 ? 34 : count < 50 ? 42 : 50;
            button.style.width = button.style.height = `${size}px`;
            button.addEventListener('click', () => {
              const source = map?.getSource(SOURCE) as GeoJSONSource | undefined;
              void source?.getClusterExpansionZoom(Number(props.cluster_id)).then((zoom) => {
                map?.easeTo({ center: coords, zoom: zoom + 0.5 });
              });
            });
            marker = new rt.maplibregl.Marker({ element: button }).setLngLat(coords);
          } else {
            const store = lookup.get(Number(props.id));
            if (!store) continue;
            const button = document.createElement('button');
            button.type = 'button';
            button.className = 'map-store-marker';
            button.innerHTML = PIN_SVG;
            button.setAttribute('aria-label', `${store.name}, ${store.city}`);
            button.title = store.name;
            marker = new rt.maplibregl.Marker({ element: button, anchor: 'bottom' })
              .setLngLat(coords)
              .setPopup(
                new rt.maplibregl.Popup({ offset: 30, maxWidth: '260px' }).setDOMContent(
                  popupContent(store, tRef.current),
                ),
              );
          }
          marker.addTo(map);
        }
        if (marker) next.set(key, marker);
      }
      for (const [key, marker] of markers.current) if (!next.has(key)) marker.remove();
      markers.current = next;
    }

    // Narrow screens get the wider view (zoom 6.5 below 992 px) until the view is moved.
    const onResize = () => {
      if (map && !moved.current) map.setZoom(storeMapZoom(window.innerWidth));
    };

    if (status !== 'loading') return;
    loadMapRuntime()
      .then((rt) => {
        if (cancelled || !container.current) return;
        runtimeRef.current = rt;
        let created: MapLibreMap;
        try {
          created = new rt.maplibregl.Map({
            container: container.current,
            style: rt.mapStyle(styleUrl),
            center: SWISS_CENTER,
            zoom: storeMapZoom(window.innerWidth),
            maxBounds: styleUrl ? undefined : SWISS_MAX_BOUNDS,
            attributionControl: { compact: true },
            dragRotate: false,
            locale: mapLibreLocale(tRef.current),
          });
        } catch {
          setStatus('unsupported');
          return;
        }
        map = created;
        mapRef.current = created;
        created.addControl(new rt.maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        created.on('load', () => {
          created.addSource(SOURCE, {
            type: 'geojson',
            data: toFeatures(storesRef.current),
            cluster: true,
            clusterRadius: 36,
            clusterMaxZoom: 15,
          });
          // Invisible layer: it makes the source load, the HTML markers draw the stores.
          created.addLayer({
            id: 'stores-hit',
            type: 'circle',
            source: SOURCE,
            paint: { 'circle-opacity': 0 },
          });
          setStatus('ready');
        });
        created.on('data', (e) => {
          if ((e as { sourceId?: string }).sourceId === SOURCE) updateMarkers();
        });
        created.on('moveend', updateMarkers);
        created.on('movestart', (e) => {
          if ((e as { originalEvent?: unknown }).originalEvent) moved.current = true;
        });
        window.addEventListener('resize', onResize);
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      window.removeEventListener('resize', onResize);
      for (const marker of markers.current.values()) marker.remove();
      markers.current.clear();
      map?.remove();
      mapRef.current = null;
    };
    // The map is built once; later store lists go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // New store list: replace the data (markers are rebuilt from the source).
  useEffect(() => {
    const map = mapRef.current;
    if (status !== 'ready' || !map) return;
    for (const marker of markers.current.values()) marker.remove();
    markers.current.clear();
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(toFeatures(stores));
  }, [stores, status]);

  // A new search: show all of its stores.
  useEffect(() => {
    const map = mapRef.current;
    const rt = runtimeRef.current;
    if (status !== 'ready' || !map || !rt || !fitKey || storesRef.current.length === 0) return;
    const bounds = new rt.maplibregl.LngLatBounds();
    for (const s of storesRef.current) bounds.extend([s.longitude, s.latitude]);
    moved.current = true;
    map.fitBounds(bounds, { padding: 60, maxZoom: closeUpZoom(styleUrl), duration: 600 });
  }, [fitKey, stores, status, styleUrl]);

  useImperativeHandle(
    ref,
    () => ({
      showStore(store) {
        const map = mapRef.current;
        const rt = runtimeRef.current;
        if (!map || !rt) return;
        focusPopup.current?.remove();
        moved.current = true;
        map.flyTo({
          center: [store.longitude, store.latitude],
          zoom: Math.max(map.getZoom(), closeUpZoom(styleUrl)),
        });
        focusPopup.current = new rt.maplibregl.Popup({ offset: 30, maxWidth: '260px' })
          .setLngLat([store.longitude, store.latitude])
          .setDOMContent(popupContent(store, tRef.current))
          .addTo(map);
      },
    }),
    [styleUrl],
  );

  if (status === 'unsupported') return <Message variant="danger">{t('map.unsupported')}</Message>;
  return (
    <div className="position-relative">
      <div
        ref={container}
        className="store-map rounded border"
        style={{ height }}
        role="region"
        aria-label={t('map.region')}
        data-map-status={status}
      />
      {status === 'loading' && (
        <div className="position-absolute top-50 start-50 translate-middle">
          <Loader label={t('map.loadingMap')} />
        </div>
      )}
      {status === 'failed' && (
        <Message variant="danger" className="mt-2">
          {t('map.failed')}
        </Message>
      )}
    </div>
  );
});
