import { useT } from '../../../i18n';

export function OrderThumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  const t = useT();
  if (!src)
    return (
      <span className="order-thumb order-thumb--placeholder" role="img" aria-label={alt}>
        <span aria-hidden="true">{t('orders.noImage')}</span>
      </span>
    );
  return <img src={src} alt={alt} className="order-thumb" loading="lazy" width={48} height={48} />;
}
