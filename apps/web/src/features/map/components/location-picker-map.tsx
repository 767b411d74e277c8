/**
 * The add-store map (zoom 7 over Switzerland): its marker follows the chosen address and can
 * be dragged, or placed with a click; either reports the new position at 6 decimals.
 */
import { useEffect, useRef } from 'react';
import type { Marker } from 'maplibre-gl';
import { roundCoordinate } from '@marktgasse/shared';
import { useT } from '../../../i18n';
import { useMapLibre } from '../hooks/use-map-libre';
import { ADD_STORE_MAP_ZOOM, closeUpZoom } from '../lib/map-style';
import { pinSvg } from '../lib/pin';
import { MapFrame } from './map-frame';

export interface LatLng {
  latitude: number;
  longitude: number;
}

interface Props {
  position: LatLng | null;
  onChange(position: LatLng): void;
  styleUrl?: string | null;
  height?: number | string;
  /** Changes when an address is chosen: the map then zooms to the marker. */
  focusKey?: number;
}

const rounded = (at: { lat: number; lng: number }): LatLng => ({
  latitude: roundCoordinate(at.lat),
  longitude: roundCoordinate(at.lng),
});

export function LocationPickerMap({ position, onChange, styleUrl, focusKey, height = 360 }: Props) {
  const t = useT();
  const markerRef = useRef<Marker | null>(null);
  const onChangeRef = useRef(onChange);
  const positionRef = useRef(position);
  onChangeRef.current = onChange;
  positionRef.current = position;
  const mapLibre = useMapLibre({
    styleUrl,
    zoom: () => ADD_STORE_MAP_ZOOM,
    setup: {
      onCreate(map) {
        map.on('click', (e) => onChangeRef.current(rounded(e.lngLat)));
        return () => {
          markerRef.current?.remove();
          markerRef.current = null;
        };
      },
    },
  });
  const { status } = mapLibre;

  // The marker follows the position (none while a coordinate is missing).
  const lat = position?.latitude;
  const lng = position?.longitude;
  useEffect(() => {
    const map = mapLibre.map.current;
    const rt = mapLibre.runtime.current;
    if (status !== 'ready' || !map || !rt) return;
    if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return;
    if (!markerRef.current) {
      const element = document.createElement('div');
      element.className = 'map-store-marker';
      element.innerHTML = pinSvg(30, 40);
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', t('map.picker.marker'));
      const marker = new rt.maplibregl.Marker({ element, anchor: 'bottom', draggable: true })
        .setLngLat([lng, lat])
        .addTo(map);
      markerRef.current = marker;
      marker.on('dragend', () => onChangeRef.current(rounded(marker.getLngLat())));
    } else {
      markerRef.current.setLngLat([lng, lat]);
    }
    if (!map.getBounds().contains([lng, lat])) map.easeTo({ center: [lng, lat], duration: 500 });
    // The marker's name is set when it is made; the map is rebuilt when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lat, lng, status]);

  // A chosen address: bring its neighbourhood into view.
  useEffect(() => {
    const map = mapLibre.map.current;
    const at = positionRef.current;
    if (status !== 'ready' || !map || !at || !focusKey) return;
    map.easeTo({
      center: [at.longitude, at.latitude],
      zoom: Math.max(map.getZoom(), closeUpZoom(styleUrl)),
      duration: 500,
    });
  }, [focusKey, status, styleUrl, mapLibre.map]);

  return (
    <MapFrame map={mapLibre} label={t('map.picker.region')} failed={t('map.picker.failed')} height={height} />
  );
}
