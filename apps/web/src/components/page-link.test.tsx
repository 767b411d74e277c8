import { describe, expect, it, vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fireEvent, render, screen } from '@testing-library/react';
import {
  BrowserRouter,
  HashRouter,
  Link,
  NavLink,
  StaticRouter,
  useLocation,
  type LinkProps,
} from 'react-router';
import { PageLink, PageNavLink, useFollowLinksWithin } from './page-link';

/** The anchors' attributes (in any order) as a page at `location` under `basename` shows them. */
function anchors(links: ReactElement, basename: string, location = '/product/5'): string[] {
  const html = renderToStaticMarkup(
    <StaticRouter location={`${basename}${location}`} basename={basename}>
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

describe('the page link, as the server writes it', () => {
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
        <Component to="/product/5" aria-current="page" tabIndex={-1} aria-hidden="true" onClick={() => {}}>
          here
        </Component>
      </>
    );
    expect(anchors(links(PageLink), basename)).toEqual(anchors(links(Link), basename));
  });
});

describe('the page nav link', () => {
  it('marks the link of the screen shown, and of the screens below it', () => {
    const marked = (at: string) =>
      anchors(
        <PageNavLink to="/sellers" className="nav-link">
          sellers
        </PageNavLink>,
        '/de',
        at,
      )[0];
    expect(marked('/sellers/7')).toContain('aria-current=page class=nav-link active');
    expect(marked('/sellersx')).toBe('class=nav-link data-discover=true href=/de/sellers | sellers');
  });

  it.each(['/sellers', '/sellers/7', '/', '/Sellers', '/sellersx', '/map', '/login'])(
    'marks the link of the screen at %s as NavLink does',
    (at) => {
      const links = (Component: typeof PageNavLink) => (
        <>
          {['/', '/sellers', '/map', '/login?redirect=%2Fcart'].map((to) => (
            <Component key={to} to={to} className="nav-link" onClick={() => {}}>
              {to}
            </Component>
          ))}
        </>
      );
      expect(anchors(links(PageNavLink), '/de', at)).toEqual(
        anchors(links(NavLink as typeof PageNavLink), '/de', at),
      );
    },
  );
});

/** The router's address, as the screens see it. */
function Where() {
  const { pathname, search } = useLocation();
  return <output>{`${pathname}${search}`}</output>;
}

/** A page at /de/product/5 with one page link; returns the history's length before any click. */
function page(link: ReactElement): number {
  window.history.replaceState(null, '', '/de/product/5');
  render(
    <BrowserRouter basename="/de">
      {link}
      <Where />
    </BrowserRouter>,
  );
  return window.history.length;
}

describe('the page link, followed in the browser', () => {
  it('moves the router to its address on a plain click, as a new history entry', () => {
    const own = vi.fn();
    const before = page(
      <PageLink to="/seller/7?tab=stores" onClick={own}>
        seller
      </PageLink>,
    );
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'seller' }));
    expect(notPrevented).toBe(false);
    expect(own).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('/seller/7?tab=stores');
    expect(window.location.pathname).toBe('/de/seller/7');
    expect(window.history.length).toBe(before + 1);
  });

  it('replaces the entry when it links to the address shown', () => {
    const before = page(<PageLink to="/product/5">this product</PageLink>);
    fireEvent.click(screen.getByRole('link', { name: 'this product' }));
    expect(window.history.length).toBe(before);
    expect(screen.getByRole('status').textContent).toBe('/product/5');
  });

  it.each([
    ['ctrlKey', { ctrlKey: true }],
    ['metaKey', { metaKey: true }],
    ['shiftKey', { shiftKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves a click with %s to the browser', (_, init) => {
    page(<PageLink to="/seller/7">seller</PageLink>);
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'seller' }), init);
    expect(notPrevented).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('/product/5');
  });

  it('stays where it is when its own handler prevents the click', () => {
    page(
      <PageLink to="/seller/7" onClick={(event) => event.preventDefault()}>
        seller
      </PageLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'seller' }));
    expect(screen.getByRole('status').textContent).toBe('/product/5');
    expect(window.location.pathname).toBe('/de/product/5');
  });

  it('writes and follows the hash address under the hash router (the spec’s #/ addresses)', () => {
    window.history.replaceState(null, '', '/#/product/5');
    render(
      <HashRouter>
        <PageLink to="/seller/7">seller</PageLink>
        <Where />
      </HashRouter>,
    );
    const link = screen.getByRole('link', { name: 'seller' });
    expect(link.getAttribute('href')).toBe('#/seller/7');
    fireEvent.click(link);
    expect(screen.getByRole('status').textContent).toBe('/seller/7');
    expect(window.location.hash).toBe('#/seller/7');
  });
});

/** A list whose links are the server's markup, not yet hydrated: plain anchors without handlers. */
function NotYetHydrated({ html }: { html: string }) {
  const followLinks = useFollowLinksWithin();
  return <ul onClick={followLinks} dangerouslySetInnerHTML={{ __html: html }} />;
}

describe('links in a part that has not hydrated yet (decision 335)', () => {
  it('are followed in the app on a plain click, not by loading the page', () => {
    const before = page(
      <NotYetHydrated html={'<li><a href="/de/product/9" data-discover="true"><span>Käse</span></a></li>'} />,
    );
    const notPrevented = fireEvent.click(screen.getByText('Käse'));
    expect(notPrevented).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('/product/9');
    expect(window.location.pathname).toBe('/de/product/9');
    expect(window.history.length).toBe(before + 1);
  });

  it('leave a modified click, a link with a target and a link the app did not write to the browser', () => {
    page(
      <NotYetHydrated
        html={[
          '<li><a href="/de/product/9" data-discover="true">modified</a></li>',
          '<li><a href="/de/product/9" data-discover="true" target="_blank">new tab</a></li>',
          '<li><a href="https://example.org/x">elsewhere</a></li>',
        ].join('')}
      />,
    );
    expect(fireEvent.click(screen.getByText('modified'), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByText('new tab'))).toBe(true);
    expect(fireEvent.click(screen.getByText('elsewhere'))).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('/product/5');
  });

  it('leave a hydrated link to its own handler: the router moves once', () => {
    const before = page(
      <ul>
        <HydratedInside />
      </ul>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'seller' }));
    expect(screen.getByRole('status').textContent).toBe('/seller/7');
    expect(window.history.length).toBe(before + 1);
  });
});

function HydratedInside() {
  const followLinks = useFollowLinksWithin();
  return (
    <li onClick={followLinks}>
      <PageLink to="/seller/7">seller</PageLink>
    </li>
  );
}
