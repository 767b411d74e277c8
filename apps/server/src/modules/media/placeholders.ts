/**
 * Neutral default images (decision 167): a profile, store or product without an uploaded
 * image answers the URL of one of these instead of `null`, so every client can show it.
 * Small SVGs kept in the code: served offline, by every instance, whatever the media storage.
 */
export const PLACEHOLDER_KINDS = ['product', 'store', 'profile'] as const;
export type PlaceholderKind = (typeof PLACEHOLDER_KINDS)[number];

/** Bump when a drawing changes: the URL is cached for a year. */
const VERSION = 'v1';

const frame = (shape: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="480" height="480" role="img">` +
  `<rect width="120" height="120" fill="#eef0f2"/>` +
  `<g fill="none" stroke="#9aa3ad" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${shape}</g>` +
  `</svg>`;

const DRAWINGS: Record<PlaceholderKind, string> = {
  // A parcel.
  product: frame('<path d="M30 44 60 30l30 14v34L60 92 30 78z"/><path d="M30 44l30 14 30-14M60 58v34"/>'),
  // A shop front with an awning.
  store: frame(
    '<path d="M28 50h64M32 50l6-16h44l6 16"/><path d="M34 50v38h52V50"/><path d="M52 88V68h16v20"/>',
  ),
  // A head and shoulders.
  profile: frame('<circle cx="60" cy="48" r="16"/><path d="M30 92c4-16 16-24 30-24s26 8 30 24"/>'),
};

export function placeholderUrl(kind: PlaceholderKind): string {
  return `/media/placeholder/${VERSION}/${kind}.svg`;
}

/** The drawing a placeholder URL's file name stands for, or null. */
export function placeholderSvg(version: string, file: string): string | null {
  if (version !== VERSION) return null;
  const kind = PLACEHOLDER_KINDS.find((k) => file === `${k}.svg`);
  return kind ? DRAWINGS[kind] : null;
}
