/**
 * Everything heavy about maps, in one chunk that only map components load with import():
 * MapLibre GL, its CSS, its worker (whose URL Vite must be told explicitly) and the
 * bundled Swiss geodata.
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import geodataUrl from '../data/switzerland.json?url';
import placesUrl from '../data/places.json?url';
import type { PlaceData } from './place-labels';
import { offlineStyle } from './map-style';

maplibregl.setWorkerUrl(workerUrl);

/** The remote basemap when one is configured (MAP_STYLE_URL), otherwise the offline style. */
export function mapStyle(styleUrl?: string | null) {
  return styleUrl ? styleUrl : offlineStyle(geodataUrl);
}

export { maplibregl };

let places: Promise<PlaceData> | null = null;
/** The offline map's place names (fetched once, with the map only). */
export function loadPlaces(): Promise<PlaceData> {
  places ??= fetch(placesUrl).then((res) => res.json() as Promise<PlaceData>);
  return places;
}
