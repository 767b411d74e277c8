export function OrderThumb({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src)
    return (
      <span className="order-thumb order-thumb--placeholder" role="img" aria-label={alt}>
        No image
      </span>
    );
  return <img src={src} alt={alt} className="order-thumb" loading="lazy" width={48} height={48} />;
}
