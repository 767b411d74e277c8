/**
 * react-router's `Link` for the screens the server renders (docs/decisions/297). In the browser
 * and in tests it is `Link` itself. In the server's renderer (Vite's SSR build) a link to an
 * absolute app address (`/seller/7`, `/login?redirect=…`) with only a class or label writes the
 * anchor `Link` writes there (the address under the router's basename, `data-discover`) without
 * resolving the address through the router and building a click handler: the product screen's
 * links were about 7 % of its render. Anything else still goes through `Link`.
 */
import { useContext } from 'react';
import { Link, UNSAFE_NavigationContext, type LinkProps } from 'react-router';

/** `/`, or `/a/b` (no empty, `.` or `..` segment, no trailing slash), with a query or none; no hash. */
const ADDRESS = /^\/(?:[\w~%-]+(?:\/[\w~%-]+)*)?(?:\?[^#]+)?$/;
/** The props a plain anchor may take over as they are. */
const PLAIN = new Set(['className', 'children', 'id', 'title', 'aria-label']);

/** A plain app address under the router's basename, as `Link` writes its `href`. */
export function appHref(basename: string, to: string): string {
  const query = to.indexOf('?');
  const pathname = query < 0 ? to : to.slice(0, query);
  const search = query < 0 ? '' : to.slice(query);
  const joined = basename === '/' ? pathname : pathname === '/' ? basename : `${basename}${pathname}`;
  return `${joined}${search}`;
}

export function ServerLink(props: LinkProps) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const { to, ...rest } = props;
  const plain =
    typeof to === 'string' && ADDRESS.test(to) && Object.keys(rest).every((key) => PLAIN.has(key));
  if (!plain) return <Link {...props} />;
  return <a {...rest} href={appHref(basename, to)} data-discover="true" />;
}

export const PageLink: typeof Link = import.meta.env.SSR ? (ServerLink as typeof Link) : Link;
