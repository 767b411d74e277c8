/**
 * Every route of spec §2 (hash routing, or path routing under a language: ./addresses.ts). Each screen is its own chunk, loaded when first visited;
 * the screen a visit opens on is loaded, with the data it shows first, before the first render
 * (main.tsx), so the page paints once and complete.
 *
 * The routes are matched by `matchTable` (below) and rendered with `renderMatches` rather than by
 * a data router (createHashRouter): the app uses no loaders, actions or fetchers, and
 * react-router's data layer is about 16 KB gzipped of the home page's JavaScript plus its
 * start-up work on every visit.
 */
import { Component as ReactComponent, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  BrowserRouter,
  HashRouter,
  matchPath,
  renderMatches,
  StaticRouter,
  useLocation,
  type RouteMatch,
  type RouteObject,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Loader } from '../components/loader';
import { prefetchHome, prefetchProduct } from '../features/catalogue/api/prefetch';
import type { RoutingMode } from './addresses';
import { Layout } from './layout';
import { RouteError } from './route-error';

interface ScreenHandle {
  preload: () => Promise<void>;
  prefetch?: (
    client: QueryClient,
    params: Record<string, string | undefined>,
    search: URLSearchParams,
  ) => void;
}

/**
 * A lazily loaded screen (a module exporting `Component`). Once loaded it renders at once; until
 * then a spinner shows. No Suspense: a navigation while a screen is still loading simply shows
 * the newer screen.
 */
function screen(
  load: () => Promise<{ Component: ComponentType }>,
  prefetch?: ScreenHandle['prefetch'],
): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.Component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function Screen() {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setReady] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let current = true;
      preload().then(
        () => current && setReady(true),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, []);
    // A screen whose code cannot load shows the error page (the boundary below logs it).
    if (failure) throw failure.error;
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Loader />;
  }
  return { element: <Screen />, handle: { preload, prefetch } satisfies ScreenHandle };
}

/** Home and search results are one screen (decision 262): typing a search keeps the field and its focus. */
const homeScreen = screen(
  () => import('../features/catalogue/routes/home'),
  (client, _params, search) => prefetchHome(client, search),
);

const productScreen = screen(
  () => import('../features/catalogue/routes/product'),
  (client, params) => prefetchProduct(client, Number(params.id)),
);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...homeScreen },
      { path: 'search', ...homeScreen },
      { path: 'register', ...screen(() => import('../features/auth/routes/register')) },
      { path: 'login', ...screen(() => import('../features/auth/routes/login')) },
      { path: 'profile', ...screen(() => import('../features/auth/routes/profile')) },
      { path: 'confirm-email', ...screen(() => import('../features/auth/routes/confirm-email')) },
      { path: 'forgot-password', ...screen(() => import('../features/auth/routes/forgot-password')) },
      { path: 'reset-password', ...screen(() => import('../features/auth/routes/reset-password')) },
      {
        path: 'accept-invitation',
        ...screen(() => import('../features/auth/routes/accept-invitation')),
      },
      { path: 'sellers', ...screen(() => import('../features/catalogue/routes/sellers')) },
      { path: 'seller/:id', ...screen(() => import('../features/catalogue/routes/seller')) },
      { path: 'product/:id', ...productScreen },
      // The canonical address carries a readable slug (the sitemap lists it); the id decides.
      { path: 'product/:id/:slug', ...productScreen },
      { path: 'map', ...screen(() => import('../features/map/routes/map')) },
      { path: 'cart', ...screen(() => import('../features/checkout/routes/cart')) },
      { path: 'shipping', ...screen(() => import('../features/checkout/routes/shipping')) },
      { path: 'payment', ...screen(() => import('../features/checkout/routes/payment')) },
      { path: 'placeorder', ...screen(() => import('../features/checkout/routes/place-order')) },
      { path: 'customer-orders', ...screen(() => import('../features/orders/routes/customer-orders')) },
      { path: 'customer-order/:id', ...screen(() => import('../features/orders/routes/customer-order')) },
      { path: 'seller-orders', ...screen(() => import('../features/orders/routes/seller-orders')) },
      { path: 'seller-order/:id', ...screen(() => import('../features/orders/routes/seller-order')) },
      { path: 'mystores', ...screen(() => import('../features/seller-admin/routes/my-stores')) },
      { path: 'mystores/add-store', ...screen(() => import('../features/seller-admin/routes/add-store')) },
      { path: 'mystores/:id/edit', ...screen(() => import('../features/seller-admin/routes/edit-store')) },
      { path: 'myproducts', ...screen(() => import('../features/seller-admin/routes/my-products')) },
      {
        path: 'myproducts/add-product',
        ...screen(() => import('../features/seller-admin/routes/add-product')),
      },
      {
        path: 'myproducts/:id/edit',
        ...screen(() => import('../features/seller-admin/routes/edit-product')),
      },
      { path: 'admin/*', ...screen(() => import('../features/admin/routes/admin')) },
      { path: 'earnings', ...screen(() => import('../features/earnings/routes/earnings')) },
      { path: '*', ...screen(() => import('./not-found')) },
    ],
  },
];

function screensAt(pathname: string) {
  return (matchTable(routes, pathname) ?? []).map(({ route, params }) => ({
    handle: route.handle as ScreenHandle | undefined,
    params,
  }));
}

/**
 * Starts loading the code and the first data of the screen at `pathname`; resolves when its code
 * is in (a failed load resolves too: rendering then shows the error screen). Without `client` only
 * the code loads: a server-rendered page brings its data along.
 */
export function startScreen(client: QueryClient | null, pathname: string, search: string): Promise<void> {
  const matches = screensAt(pathname);
  // Code first: the server answers static files at once, while the data may queue on the database.
  const loads = matches.map(({ handle }) => handle?.preload());
  if (client)
    for (const { handle, params } of matches) handle?.prefetch?.(client, params, new URLSearchParams(search));
  return Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

/** A screen that fails to render (or to load) shows the error page until the next navigation. */
class ErrorBoundary extends ReactComponent<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function Routes({ table = routes }: { table?: RouteObject[] }) {
  const location = useLocation();
  const matches = matchTable(table, location.pathname);
  return <ErrorBoundary resetKey={location.pathname}>{matches && renderMatches(matches)}</ErrorBoundary>;
}

/**
 * Navigations update the screen at once, not as a React transition: a transition keeps the old
 * screen (and the old state of a clicked control, such as a filter radio) until the new one has
 * rendered, which reads as a click that did nothing.
 */
export function AppRouter({ mode }: { mode: RoutingMode }) {
  if (mode.kind === 'path')
    return (
      <BrowserRouter basename={`/${mode.language}`} useTransitions={false}>
        <Routes />
      </BrowserRouter>
    );
  return (
    <HashRouter useTransitions={false}>
      <Routes />
    </HashRouter>
  );
}

/**
 * The routes a server render of one page kind can reach: the layout (its header and footer given,
 * see entry-server.tsx) with the screens at `paths` and the catch-all. react-router flattens and
 * ranks the whole table on every match, about a sixth of a rendered page with all 30 routes.
 */
export function serverRoutes(paths: readonly (string | null)[], layout: ReactNode): RouteObject[] {
  const children = (routes[0]?.children ?? []).filter((route) =>
    route.index ? paths.includes(null) : paths.includes(route.path ?? '') || route.path === '*',
  );
  return [{ element: layout, children }];
}

/**
 * A table's match (the layout and the first of its screens whose pattern matches, the catch-all
 * last), for the browser's and the server's renders alike. react-router's `matchRoutes` flattens,
 * scores and sorts the whole table on every call: about a sixth of a rendered page on the server,
 * and twice in a phone's start (for the code to load, then to render). The table has one layout
 * and one level of screens, declared so that the first pattern that matches is the one
 * react-router would rank highest (router.test.tsx compares the two). Null when none matches.
 */
export function matchTable(table: RouteObject[], pathname: string): RouteMatch[] | null {
  const layout = table[0];
  if (!layout) return null;
  // A pattern whose first segment is a word only matches an address that starts with it: the
  // others are not compiled into expressions at all.
  const first = (pathname.split('/')[1] ?? '').toLowerCase();
  for (const route of layout.children ?? []) {
    const head = route.index ? '' : (route.path ?? '').split('/')[0]!;
    if (head && head !== '*' && !head.startsWith(':') && head.toLowerCase() !== first) continue;
    const match = matchPath({ path: route.index ? '/' : `/${route.path}`, end: true }, pathname);
    if (match) {
      const { params } = match;
      return [
        { params, pathname: '/', pathnameBase: '/', route: layout },
        { params, pathname: match.pathname, pathnameBase: match.pathnameBase, route },
      ];
    }
  }
  return null;
}

/** The same routes for the server's rendering of `location` (with its language prefix). */
export function ServerRouter({
  location,
  basename,
  table,
}: {
  location: string;
  basename: string;
  table?: RouteObject[];
}) {
  return (
    <StaticRouter location={location} basename={basename}>
      <Routes table={table} />
    </StaticRouter>
  );
}
