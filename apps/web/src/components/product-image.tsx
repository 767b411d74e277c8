/**
 * A lazily loaded image with its box reserved (width/height set, object-fit cover), so the
 * page never shifts when it arrives. Without an image a neutral tile with the initial shows.
 */
export function ProductImage({
  src,
  alt,
  width,
  height,
  className = '',
  eager = false,
  initial,
}: {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** The screen's main picture (its largest element): loaded at once and first. */
  eager?: boolean;
  /** Letter shown when there is no image (default: the alt text's first letter). */
  initial?: string;
}) {
  if (!src)
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`img-fallback d-flex align-items-center justify-content-center ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <span aria-hidden="true">{(initial ?? alt).trim().slice(0, 1).toUpperCase()}</span>
      </div>
    );
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      // An eager image is the screen's main picture: fetch it first and paint it as soon as it is in.
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'auto' : 'async'}
      className={`img-cover ${className}`}
      style={{ aspectRatio: `${width} / ${height}`, height: 'auto' }}
    />
  );
}
