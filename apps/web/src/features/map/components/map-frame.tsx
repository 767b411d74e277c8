import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import type { MapLibreHandle } from '../hooks/use-map-libre';

/** Where a map draws: a named region, a spinner while it loads, a message when it cannot. */
export function MapFrame({
  map,
  label,
  failed,
  height,
}: {
  map: MapLibreHandle;
  /** The region's name for assistive technology. */
  label: string;
  /** Shown when the map runtime could not load. */
  failed: string;
  height: number | string;
}) {
  const t = useT();
  if (map.status === 'unsupported') return <Message variant="danger">{t('map.unsupported')}</Message>;
  return (
    <div className="position-relative">
      <div
        ref={map.container}
        className="store-map rounded border"
        style={{ height }}
        role="region"
        aria-label={label}
        data-map-status={map.status}
      />
      {map.status === 'loading' && (
        <div className="position-absolute top-50 start-50 translate-middle">
          <Loader label={t('map.loadingMap')} />
        </div>
      )}
      {map.status === 'failed' && (
        <Message variant="danger" className="mt-2">
          {failed}
        </Message>
      )}
    </div>
  );
}
