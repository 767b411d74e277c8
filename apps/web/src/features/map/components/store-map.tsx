/**
 * The store map: MapLibre GL (loaded on demand) with one HTML marker per store, grouped into
 * cluster markers where they overlap. Markers are buttons, so they work with the keyboard
 * and carry the store's name for assistive technology; the popup links to the seller page.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { MapStore } from '@marktgasse/shared';
import type { GeoJSONSource, Map as MapLibreMap, Marker, Popup } from 'maplibre-gl';
import { paths } from '../../../config/paths';
import { useLocale, useT, type Translate } from '../../../i18n';
import { placeLine } from '../../../lib/place-line';
import { useMapLibre } from '../hooks/use-map-libre';
import type { MapRuntime } from '../lib/load-maplibre';
import { closeUpZoom, storeMapFirstZoom, storeMapZoom } from '../lib/map-style';
import { labelsFor, langOf, type PlaceData } from '../lib/place-labels';
import { pinSvg } from '../lib/pin';
import { MapFrame } from './map-frame';

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
  /** The stores to fit on a new search, when not all of them (the nearest ones of a place). */
  fitTo?: MapMarkerStore[] | undefined;
  styleUrl?: string | null;
  height?: number | string;
}

const SOURCE = 'stores';

/**
 * Keeps the offline map's place names (towns, cantons, lakes) in step with the view: HTML
 * labels under the store markers, redrawn after each move (docs/decisions/184).
 */
function placeLabels(map: MapLibreMap, rt: MapRuntime, lang: ReturnType<typeof langOf>) {
  const shown = new Map<string, Marker>();
  let data: PlaceData | null = null;
  const draw = () => {
    if (!data) return;
    const b = map.getBounds();
    const next = labelsFor(
      data,
      {
        west: b.getWest(),
        east: b.getEast(),
        south: b.getSouth(),
        north: b.getNorth(),
        zoom: map.getZoom(),
        project: (at) => map.project(at),
      },
      lang,
    );
    const keep = new Set(next.map((l) => l.key));
    for (const [key, marker] of shown)
      if (!keep.has(key)) {
        marker.remove();
        shown.delete(key);
      }
    for (const label of next) {
      if (shown.has(label.key)) continue;
      const element = document.createElement('div');
      element.className = `map-place-label map-place-${label.kind}`;
      element.textContent = label.text;
      shown.set(label.key, new rt.maplibregl.Marker({ element }).setLngLat(label.at).addTo(map));
    }
  };
  void rt.loadPlaces().then((loaded) => {
    data = loaded;
    draw();
  });
  map.on('moveend', draw);
  return () => {
    for (const marker of shown.values()) marker.remove();
    shown.clear();
  };
}

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

type ClusterProps = { cluster?: boolean; cluster_id?: number; point_count?: number; id?: number };

/** A round button with the number of stores it groups; a click zooms in until they separate. */
function clusterMarker(
  map: MapLibreMap,
  rt: MapRuntime,
  props: ClusterProps,
  at: [number, number],
  t: Translate,
) {
  const count = Number(props.point_count);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'map-cluster-marker';
  button.textContent = String(count);
  button.setAttribute('aria-label', t('map.cluster', { count }));
  const size = count < 10 ? 34 : count < 50 ? 42 : 50;
  button.style.width = button.style.height = `${size}px`;
  button.addEventListener('click', () => {
    const source = map.getSource(SOURCE) as GeoJSONSource | undefined;
    void source?.getClusterExpansionZoom(Number(props.cluster_id)).then((zoom) => {
      map.easeTo({ center: at, zoom: zoom + 0.5 });
    });
  });
  return new rt.maplibregl.Marker({ element: button }).setLngLat(at);
}

/** A pin button named after the store; it opens the store's popup. */
function storeMarker(rt: MapRuntime, store: MapMarkerStore, at: [number, number], t: Translate) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'map-store-marker';
  button.innerHTML = pinSvg(28, 38);
  button.setAttribute('aria-label', `${store.name}, ${store.city}`);
  button.title = store.name;
  return new rt.maplibregl.Marker({ element: button, anchor: 'bottom' })
    .setLngLat(at)
    .setPopup(
      new rt.maplibregl.Popup({ offset: 30, maxWidth: '260px' }).setDOMContent(popupContent(store, t)),
    );
}

/**
 * The HTML markers for what the clustered source shows now: existing markers are kept, new
 * ones added, those no longer shown removed. Returns the markers now on the map.
 */
function syncMarkers(
  map: MapLibreMap,
  rt: MapRuntime,
  shown: Map<string, Marker>,
  stores: MapMarkerStore[],
  t: Translate,
): Map<string, Marker> {
  const byId = new Map(stores.map((s) => [s.id, s]));
  const next = new Map<string, Marker>();
  for (const f of map.querySourceFeatures(SOURCE)) {
    const props = f.properties as ClusterProps;
    const at = (f.geometry as Point).coordinates as [number, number];
    const key = props.cluster ? `c${props.cluster_id}` : `s${props.id}`;
    if (next.has(key)) continue;
    let marker = shown.get(key);
    if (!marker) {
      const store = props.cluster ? undefined : byId.get(Number(props.id));
      if (!props.cluster && !store) continue;
      marker = store ? storeMarker(rt, store, at, t) : clusterMarker(map, rt, props, at, t);
      marker.addTo(map);
    }
    next.set(key, marker);
  }
  for (const [key, marker] of shown) if (!next.has(key)) marker.remove();
  return next;
}

export const StoreMap = forwardRef<StoreMapHandle, Props>(function StoreMap(
  { stores, fitKey, fitTo, styleUrl, height = 520 },
  ref,
) {
  const t = useT();
  const lang = langOf(useLocale());
  const storesRef = useRef(stores);
  storesRef.current = stores;
  // Markers and popups are built outside React: they read the current texts through this ref.
  const tRef = useRef(t);
  tRef.current = t;
  const markers = useRef(new Map<string, Marker>());
  const focusPopup = useRef<Popup | null>(null);
  /** Once the view was moved (by the user or a search), a resize no longer resets the zoom. */
  const moved = useRef(false);

  const mapLibre = useMapLibre({
    styleUrl,
    zoom: () => storeMapZoom(window.innerWidth),
    setup: {
      onCreate(map, rt) {
        const update = () => {
          if (map.getSource(SOURCE))
            markers.current = syncMarkers(map, rt, markers.current, storesRef.current, tRef.current);
        };
        // All of Switzerland in the first view, at every width (zoom 6.5 below 992 px, or less
        // when the map is too small for it), until the view is moved.
        const firstZoom = () => {
          const box = map.getContainer();
          return storeMapFirstZoom(window.innerWidth, box.clientWidth, box.clientHeight);
        };
        const onResize = () => {
          if (!moved.current) map.setZoom(firstZoom());
        };
        map.setZoom(firstZoom());
        map.on('data', (e) => {
          if ((e as { sourceId?: string }).sourceId === SOURCE) update();
        });
        map.on('moveend', update);
        map.on('movestart', (e) => {
          if ((e as { originalEvent?: unknown }).originalEvent) moved.current = true;
        });
        window.addEventListener('resize', onResize);
        // The offline style has no text; a remote basemap names its places itself.
        const removeLabels = styleUrl ? () => {} : placeLabels(map, rt, lang);
        return () => {
          removeLabels();
          window.removeEventListener('resize', onResize);
          for (const marker of markers.current.values()) marker.remove();
          markers.current.clear();
        };
      },
      onLoad(map) {
        map.addSource(SOURCE, {
          type: 'geojson',
          data: toFeatures(storesRef.current),
          cluster: true,
          clusterRadius: 36,
          clusterMaxZoom: 15,
        });
        // Invisible layer: it makes the source load, the HTML markers draw the stores.
        map.addLayer({ id: 'stores-hit', type: 'circle', source: SOURCE, paint: { 'circle-opacity': 0 } });
      },
    },
  });
  const { status } = mapLibre;

  // New store list: replace the data (markers are rebuilt from the source).
  useEffect(() => {
    const map = mapLibre.map.current;
    if (status !== 'ready' || !map) return;
    for (const marker of markers.current.values()) marker.remove();
    markers.current.clear();
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(toFeatures(stores));
  }, [stores, status, mapLibre.map]);

  // A new search: show all of its stores.
  useEffect(() => {
    const map = mapLibre.map.current;
    const rt = mapLibre.runtime.current;
    const fitted = fitTo ?? storesRef.current;
    if (status !== 'ready' || !map || !rt || !fitKey || fitted.length === 0) return;
    const bounds = new rt.maplibregl.LngLatBounds();
    for (const s of fitted) bounds.extend([s.longitude, s.latitude]);
    moved.current = true;
    map.fitBounds(bounds, { padding: 60, maxZoom: closeUpZoom(styleUrl), duration: 600 });
  }, [fitKey, fitTo, stores, status, styleUrl, mapLibre.map, mapLibre.runtime]);

  useImperativeHandle(
    ref,
    () => ({
      showStore(store) {
        const map = mapLibre.map.current;
        const rt = mapLibre.runtime.current;
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
    [styleUrl, mapLibre.map, mapLibre.runtime],
  );

  return <MapFrame map={mapLibre} label={t('map.region')} failed={t('map.failed')} height={height} />;
});
