/**
 * The add-store map (zoom 7 over Switzerland): its marker follows the chosen address and can
 * be dragged, or placed with a click; either reports the new position at 6 decimals.
 */
import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { roundCoordinate } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { mapLibreLocale } from '../lib/map-locale';
import { loadMapRuntime, type MapRuntime } from '../lib/load-maplibre';
import { ADD_STORE_MAP_ZOOM, closeUpZoom, SWISS_CENTER, SWISS_MAX_BOUNDS } from '../lib/map-style';
import { isWebGLSupported } from '../lib/webgl';

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

const PIN_SVG =
  '<svg width="30" height="40" viewBox="0 0 28 38" aria-hidden="true" focusable="false"><path d="M14 0C6.3 0 0 6.1 0 13.7 0 24 14 38 14 38s14-14 14-24.3C28 6.1 21.7 0 14 0z" fill="#c8102e"/><circle cx="14" cy="13.5" r="5.5" fill="#fff"/></svg>';

export function LocationPickerMap({ position, onChange, styleUrl, focusKey, height = 360 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const runtimeRef = useRef<MapRuntime | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const onChangeRef = useRef(onChange);
  const positionRef = useRef(position);
  const [status, setStatus] = useState<'loading' | 'ready' | 'unsupported' | 'failed'>(() =>
    isWebGLSupported() ? 'loading' : 'unsupported',
  );
  const t = useT();
  const tRef = useRef(t);
  tRef.current = t;
  onChangeRef.current = onChange;
  positionRef.current = position;

  useEffect(() => {
    if (status !== 'loading') return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
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
            zoom: ADD_STORE_MAP_ZOOM,
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
        created.on('click', (e) => {
          onChangeRef.current({
            latitude: roundCoordinate(e.lngLat.lat),
            longitude: roundCoordinate(e.lngLat.lng),
          });
        });
        created.on('load', () => setStatus('ready'));
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      markerRef.current?.remove();
      markerRef.current = null;
      map?.remove();
      mapRef.current = null;
    };
    // The map is built once; the marker follows `position` below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const lat = position?.latitude;
  const lng = position?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    const rt = runtimeRef.current;
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
      element.innerHTML = PIN_SVG;
      element.setAttribute('role', 'img');
      element.setAttribute('aria-label', tRef.current('map.picker.marker'));
      const marker = new rt.maplibregl.Marker({ element, anchor: 'bottom', draggable: true })
        .setLngLat([lng, lat])
        .addTo(map);
      markerRef.current = marker;
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        onChangeRef.current({ latitude: roundCoordinate(at.lat), longitude: roundCoordinate(at.lng) });
      });
    } else {
      markerRef.current.setLngLat([lng, lat]);
    }
    if (!map.getBounds().contains([lng, lat])) map.easeTo({ center: [lng, lat], duration: 500 });
  }, [lat, lng, status]);

  // A chosen address: bring its neighbourhood into view.
  useEffect(() => {
    const map = mapRef.current;
    const at = positionRef.current;
    if (status !== 'ready' || !map || !at || !focusKey) return;
    map.easeTo({
      center: [at.longitude, at.latitude],
      zoom: Math.max(map.getZoom(), closeUpZoom(styleUrl)),
      duration: 500,
    });
  }, [focusKey, status, styleUrl]);

  if (status === 'unsupported') return <Message variant="danger">{t('map.unsupported')}</Message>;
  return (
    <div className="position-relative">
      <div
        ref={container}
        className="store-map rounded border"
        style={{ height }}
        role="region"
        aria-label={t('map.picker.region')}
        data-map-status={status}
      />
      {status === 'loading' && (
        <div className="position-absolute top-50 start-50 translate-middle">
          <Loader label={t('map.loadingMap')} />
        </div>
      )}
      {status === 'failed' && (
        <Message variant="danger" className="mt-2">
          {t('map.picker.failed')}
        </Message>
      )}
    </div>
  );
}
