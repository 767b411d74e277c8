import { useT } from '../../../i18n';

/** A small product image for cart and order lines, with a neutral box when there is none. */
export function CartThumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  const t = useT();
  if (!src)
    return (
      <span className="cart-thumb cart-thumb--placeholder" role="img" aria-label={alt}>
        <span aria-hidden="true">{t('checkout.noImage')}</span>
      </span>
    );
  return <img src={src} alt={alt} className="cart-thumb" loading="lazy" width={72} height={72} />;
}
