import { describe, expect, it } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link, StaticRouter, type LinkProps } from 'react-router';
import { ServerLink } from './page-link';

/** The anchors' attributes (in any order) as a page at `location` under `basename` shows them. */
function anchors(links: ReactElement, basename: string): string[] {
  const html = renderToStaticMarkup(
    <StaticRouter location={`${basename}/product/5`} basename={basename}>
      {links}
    </StaticRouter>,
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('a')].map(
    (a) =>
      [...a.attributes]
        .map((attr) => `${attr.name}=${attr.value}`)
        .sort()
        .join(' ') + ` | ${a.textContent}`,
  );
}

const ADDRESSES = [
  '/',
  '/seller/7',
  '/login?redirect=%2Fproduct%2F17',
  '/product/5/edit',
  'relative',
  '/a/',
  '/x#y',
];

describe('the server-rendered link', () => {
  it.each(['/de', '/fr'])('writes the anchor Link writes, under the basename %s', (basename) => {
    const links = (Component: (props: LinkProps) => ReactNode) => (
      <>
        {ADDRESSES.map((to) => (
          <Component key={to} to={to} className="btn btn-sm">
            {to}
          </Component>
        ))}
        <Component to="/cart" aria-label="Cart" replace>
          cart
        </Component>
      </>
    );
    expect(anchors(links(ServerLink), basename)).toEqual(anchors(links(Link), basename));
  });
});
