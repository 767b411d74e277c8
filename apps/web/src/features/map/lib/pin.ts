/** The store pin (Swiss red, a white dot) at a given size, for HTML markers. */
export function pinSvg(width: number, height: number): string {
  return `<svg width="${width}" height="${height}" viewBox="0 0 28 38" aria-hidden="true" focusable="false"><path d="M14 0C6.3 0 0 6.1 0 13.7 0 24 14 38 14 38s14-14 14-24.3C28 6.1 21.7 0 14 0z" fill="#c8102e"/><circle cx="14" cy="13.5" r="5.5" fill="#fff"/></svg>`;
}
