/**
 * react-router's `Link` for the screens the server renders (docs/decisions/297, 334). A link to an
 * absolute app address (`/seller/7`, `/login?redirect=…`) with only a class, label or the like
 * writes the anchor `Link` writes there (the address under the router's basename,
 * `data-discover`) without resolving the address through the router: the product screen's links
 * were about 7 % of its render on the server. In the browser such a link is followed as `Link`
 * follows it (a plain left click moves the router there, replacing the entry when it is the
 * address shown) without `Link`'s hooks: its prefetch state, resolved paths and `useNavigate`
 * were a quarter of a rendered page's first hydration task. Anything else still goes through
 * `Link`.
 */
import { useContext, type MouseEvent } from 'react';
import { Link, UNSAFE_NavigationContext, useLocation, type LinkProps, type Navigator } from 'react-router';

/** `/`, or `/a/b` (no empty, `.` or `..` segment, no trailing slash), with a query or none; no hash. */
const ADDRESS = /^\/(?:[\w~%-]+(?:\/[\w~%-]+)*)?(?:\?[^#]+)?$/;
/** The props a plain anchor may take over as they are (`onClick` runs before the link is followed). */
const PLAIN = new Set([
  'className',
  'children',
  'id',
  'title',
  'aria-label',
  'aria-current',
  'aria-hidden',
  'tabIndex',
  'onClick',
]);

/** A plain app address under the router's basename, as `Link` writes its `href`. */
export function appHref(basename: string, to: string): string {
  const query = to.indexOf('?');
  const pathname = query < 0 ? to : to.slice(0, query);
  const search = query < 0 ? '' : to.slice(query);
  const joined = basename === '/' ? pathname : pathname === '/' ? basename : `${basename}${pathname}`;
  return `${joined}${search}`;
}

/**
 * Follows a plain link in the app as `Link` does: a left click without a modifier key, not
 * prevented by the link's own handler, moves the router to `to` (already under the basename),
 * replacing the history entry when the browser shows that address already.
 */
function follow(event: MouseEvent<Element>, href: string, to: string, navigator: Navigator): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  if (new URL(href, window.location.href).href === window.location.href) navigator.replace(to);
  else navigator.push(to);
}

/**
 * A click handler for an element whose parts hydrate later (a grid whose cards hydrate as they
 * scroll into view, decision 335): a click on a plain app link inside it that no hydrated link
 * has followed (a card whose code has not run yet) is followed in the app all the same, not by a
 * reload of the page. Only links `PageLink` wrote (`data-discover`, no `target`) count.
 */
export function useFollowLinksWithin(): (event: MouseEvent<Element>) => void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return (event) => {
    const link = (event.target as Element).closest?.('a[data-discover][href]');
    if (!link || !event.currentTarget.contains(link) || link.hasAttribute('target')) return;
    const href = link.getAttribute('href')!;
    // The hash router writes its address after a `#`; the path router writes the path itself.
    const to = href.startsWith('#') ? href.slice(1) : href;
    if (!to.startsWith('/')) return;
    follow(event, href, to, navigator);
  };
}

export function PageLink(props: LinkProps) {
  const { basename, navigator } = useContext(UNSAFE_NavigationContext);
  const { to, onClick, ...rest } = props;
  const plain =
    typeof to === 'string' &&
    ADDRESS.test(to) &&
    Object.keys(props).every((key) => key === 'to' || PLAIN.has(key));
  if (!plain) return <Link {...props} />;
  // Under the basename; the hash router (the spec's `#/` addresses) writes it after a `#`.
  const address = appHref(basename, to);
  const href = navigator.createHref(address);
  return (
    <a
      {...rest}
      href={href}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        follow(event, href, address, navigator);
      }}
    />
  );
}

/**
 * `NavLink` for a plain app address with a class name: `active` (and `aria-current="page"`) while
 * the router shows that address or one below it, as `NavLink` marks it (letter case aside).
 */
export function PageNavLink(props: LinkProps & { className?: string }) {
  const { pathname } = useLocation();
  const { className = '' } = props;
  const to = typeof props.to === 'string' ? props.to : (props.to.pathname ?? '');
  const path = (to.split('?')[0] || '/').toLowerCase();
  const here = pathname.toLowerCase();
  const active = here === path || (path !== '/' && here.startsWith(path.endsWith('/') ? path : `${path}/`));
  return (
    <PageLink
      {...props}
      className={active ? `${className} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
