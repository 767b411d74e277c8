/** A small product image for cart and order lines, with a neutral box when there is none. */
export function CartThumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src)
    return (
      <span className="cart-thumb cart-thumb--placeholder" role="img" aria-label={alt}>
        No image
      </span>
    );
  return <img src={src} alt={alt} className="cart-thumb" loading="lazy" width={72} height={72} />;
}
