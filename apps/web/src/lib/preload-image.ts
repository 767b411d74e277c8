/**
 * Asks the browser for a screen's main picture (its largest element) at high priority as soon as
 * its address is known, instead of when the render that shows it happens.
 */
export function preloadImage(href: string | null | undefined): void {
  if (!href || typeof document === 'undefined') return;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'))
    if (link.getAttribute('href') === href) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
