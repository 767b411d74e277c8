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
