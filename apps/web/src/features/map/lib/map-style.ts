/**
 * The light map style that works offline: built in code from the bundled Swiss geodata
 * (outline, canton borders, lakes). It has no glyphs, so it has no text layers; store
 * names live in the HTML markers and popups instead.
 */
import type { StyleSpecification } from 'maplibre-gl';

/** Map constants of spec §9. */
export const SWISS_CENTER: [number, number] = [8.23, 46.8];
export const STORE_MAP_ZOOM = 7.7;
export const STORE_MAP_ZOOM_NARROW = 6.5;
export const NARROW_MAX_WIDTH = 991;
export const ADD_STORE_MAP_ZOOM = 7;
/** Keeps the offline map around Switzerland, where it has data. */
export const SWISS_MAX_BOUNDS: [[number, number], [number, number]] = [
  [3.5, 44.3],
  [13, 49.3],
];

/**
 * How far to zoom in on one place: the offline style has no streets, so closer than about
 * 10.5 shows only empty land; a remote basemap can go to street level.
 */
export function closeUpZoom(styleUrl?: string | null): number {
  return styleUrl ? 14 : 10.5;
}

export function storeMapZoom(viewportWidth: number): number {
  return viewportWidth <= NARROW_MAX_WIDTH ? STORE_MAP_ZOOM_NARROW : STORE_MAP_ZOOM;
}

/** Switzerland's extent (west, south, east, north): Geneva to Val Müstair, Chiasso to Schaffhausen. */
export const SWISS_BOUNDS: [[number, number], [number, number]] = [
  [5.956, 45.818],
  [10.492, 47.808],
];

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/**
 * The largest zoom at which all of Switzerland fits a map of width × height px around
 * SWISS_CENTER, `padding` px kept free on each side (MapLibre counts zoom in 512-px tiles).
 */
export function swissFitZoom(width: number, height: number, padding = 12): number {
  const [[west, south], [east, north]] = SWISS_BOUNDS;
  const [lng, lat] = SWISS_CENTER;
  // The centre is not the middle of the extent: the wider half decides.
  const halfLng = Math.max(lng - west, east - lng);
  const halfY = Math.max(mercatorY(lat) - mercatorY(south), mercatorY(north) - mercatorY(lat));
  const byWidth = Math.log2(((width / 2 - padding) * 360) / (halfLng * 512));
  const byHeight = Math.log2(((height / 2 - padding) * 2 * Math.PI) / (halfY * 512));
  return Math.min(byWidth, byHeight);
}

/** The store map's first zoom: the spec's (7.7, 6.5 when narrow) unless Switzerland would not fit whole. */
export function storeMapFirstZoom(viewportWidth: number, width: number, height: number): number {
  const spec = storeMapZoom(viewportWidth);
  if (width <= 0 || height <= 0) return spec;
  return Math.min(spec, swissFitZoom(width, height));
}

export function offlineStyle(geodataUrl: string): StyleSpecification {
  return {
    version: 8,
    name: 'Marktgasse offline',
    sources: {
      switzerland: {
        type: 'geojson',
        data: new URL(geodataUrl, window.location.href).href,
        attribution: 'Geodata © FSO, swisstopo · Places © GeoNames (CC BY 4.0)',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#e8ecef' } },
      {
        id: 'country-fill',
        type: 'fill',
        source: 'switzerland',
        filter: ['==', ['get', 'layer'], 'country'],
        paint: { 'fill-color': '#fbfaf6' },
      },
      {
        id: 'canton-borders',
        type: 'line',
        source: 'switzerland',
        filter: ['==', ['get', 'layer'], 'canton-border'],
        paint: {
          'line-color': '#c3c8ce',
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.6, 12, 1.6],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'lakes',
        type: 'fill',
        source: 'switzerland',
        filter: ['==', ['get', 'layer'], 'lake'],
        paint: { 'fill-color': '#a9d3f2', 'fill-outline-color': '#86bde6' },
      },
      {
        id: 'country-outline',
        type: 'line',
        source: 'switzerland',
        filter: ['==', ['get', 'layer'], 'country'],
        paint: {
          'line-color': '#7d858f',
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 1.2, 12, 2.5],
        },
      },
    ],
  };
}
