import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useQueryClient } from '@tanstack/react-query';
import { homeShowsLatest, listPageNumber } from '@marktgasse/shared';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { announce } from '../../../components/announcer';
import { Deferred, HydrateLater, useChildrenInView } from '../../../components/deferred';
import { moveFocus } from '../../../components/focus';
import { Loader } from '../../../components/loader';
import { MEDIA_LG_UP, MEDIA_MD_UP, useMediaQuery } from '../../../components/use-media-query';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { ProductGrid } from '../../../components/product-grid';
import { SEARCH_MIN_CHARS, useDebouncedValue } from '../../../components/use-debounced-value';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCategories } from '../api/categories';
import { useLatestProducts, useLatestReviews, useLatestSellers } from '../api/latest';
import { useProducts } from '../api/products';
import { useProductSearch } from '../api/search';
import { profilesQueryOptions, sellersQueryOptions } from '../api/sellers';
import { CategoryBar } from '../components/category-bar';
import { CategorySidebar } from '../components/category-sidebar';
import { LatestCarousel, LatestCarouselPlaceholder } from '../components/latest-carousel';
import { LIST_OPTION_KEYS, ListOptionsBar, useListOptions } from '../components/list-options';
import { SearchBox } from '../components/search-box';
import { Teasers } from '../components/teasers';
import { LoadMore } from '../../../components/load-more';

/** Where a list's address starts it (`?offset=`, a Load More link's address); 0 without one. */
function listStart(params: URLSearchParams): number {
  return Math.max(0, Math.trunc(Number(params.get('offset'))) || 0);
}

/** "12 of 200 products"; a list started at a later page says where it stands: "13–36 of 200 products". */
function useCountLine() {
  const t = useT();
  const f = useFormat();
  return (start: number, shown: number, total: number) =>
    start > 0
      ? t('catalogue.home.showingRange', {
          first: f.number(start + 1),
          last: f.number(start + shown),
          total: f.number(total),
        })
      : t('catalogue.home.showingOf', { shown: f.number(shown), total: f.number(total) });
}

function SearchResults({ term, onBack }: { term: string; onBack: () => void }) {
  const t = useT();
  const f = useFormat();
  const [options] = useListOptions();
  const [params] = useSearchParams();
  // A later page's own address (`/search?q=…&offset=12`, the server's Load More link) starts there.
  const start = listStart(params);
  const search = useProductSearch(term, options, start);
  const countLine = useCountLine();
  const nextPage = useNextPageAddress(search.data?.pages.at(-1)?.next);
  const results = search.data?.pages.flatMap((p) => p.results) ?? [];
  const count = search.data?.pages[0]?.count;
  const settled = !search.isFetching && typeof count === 'number';
  // Typing gives no other sign that the results changed: their count is announced once settled.
  const said = !settled
    ? ''
    : count
      ? `${t('catalogue.search.resultsFor', { term })} · ${f.number(count)}`
      : t('catalogue.search.none', { term });
  useEffect(() => announce(said), [said]);
  return (
    <section aria-labelledby="search-heading" data-testid="search-results">
      <div className="d-flex align-items-center gap-3 mb-3 flex-wrap">
        <Button variant="outline-secondary" onClick={onBack}>
          {t('catalogue.back')}
        </Button>
        <h2 id="search-heading" className="h5 mb-0">
          {t('catalogue.search.resultsFor', { term })}
          {typeof count === 'number' && (
            <span className="text-body-secondary fw-normal"> · {f.number(count)}</span>
          )}
        </h2>
        {search.isFetching && !search.isFetchingNextPage && (
          <Spinner animation="border" size="sm" role="status" aria-label={t('catalogue.search.searching')} />
        )}
      </div>
      <ListOptionsBar searching />
      {search.error && <Message variant="danger">{errorMessage(search.error)}</Message>}
      {search.isPending && <Loader label={t('catalogue.search.searchingLong')} />}
      {search.data && results.length === 0 && (
        <Message variant="secondary">{t('catalogue.search.none', { term })}</Message>
      )}
      {results.length > 0 && (
        <>
          {typeof count === 'number' && (
            <p className="small text-body-secondary mb-2" aria-live="polite">
              {countLine(start, results.length, count)}
            </p>
          )}
          <ProductGrid products={results} />
        </>
      )}
      <LoadMore query={search} label={t('catalogue.home.loadMore')} size="lg" href={nextPage} />
    </section>
  );
}

function ProductList({ category, subcategory }: { category?: string; subcategory?: string }) {
  const t = useT();
  const f = useFormat();
  const [options] = useListOptions();
  const [params] = useSearchParams();
  const start = listStart(params);
  const products = useProducts({ category, subcategory, ...options }, start);
  const countLine = useCountLine();
  const nextPage = useNextPageAddress(products.data?.pages.at(-1)?.next);
  const items = products.data?.pages.flatMap((p) => p.results) ?? [];
  const count = products.data?.pages[0]?.count;
  const bar = <ListOptionsBar searching={false} />;
  if (products.isPending)
    return (
      <>
        {bar}
        <Loader label={t('catalogue.loadingProducts')} />
      </>
    );
  if (products.error && items.length === 0)
    return (
      <>
        {bar}
        <Message variant="danger">{errorMessage(products.error)}</Message>
      </>
    );
  return (
    <>
      {bar}
      {items.length === 0 ? (
        <Message variant="secondary">{t('catalogue.home.emptySelection')}</Message>
      ) : (
        <>
          <p className="small text-body-secondary mb-2" aria-live="polite">
            {typeof count === 'number'
              ? countLine(start, items.length, count)
              : t('catalogue.home.showing', { shown: f.number(items.length) })}
          </p>
          <ProductGrid products={items} columns={3} />
        </>
      )}
      {products.error && (
        <Message variant="danger" className="mt-3">
          {errorMessage(products.error)}
        </Message>
      )}
      <LoadMore query={products} label={t('catalogue.home.loadMore')} size="lg" href={nextPage} />
    </>
  );
}

/**
 * The settled search term lives in the URL, so results can be shared and Back returns to them:
 * the results have their own address, `/search?q=…` beside the sort and filters (decision 262;
 * the server renders it), which the first settled term opens and an emptied field leaves again;
 * further typing replaces the entry instead of adding history. A URL that changes from outside (a
 * link to the home page, Back) sets the field. An old `?q=` home address keeps working.
 */
function useSearchInUrl(settled: string, urlTerm: string, setTerm: (term: string) => void) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const written = useRef(urlTerm);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    const onResults = pathname === '/search' || params.has('q');
    if (Boolean(settled) === onResults) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('offset');
          if (settled) next.set('q', settled);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
      return;
    }
    // Into the results' address or back home; the sort and filters stay.
    const next = new URLSearchParams(settled ? { q: settled } : {});
    for (const key of LIST_OPTION_KEYS) if (params.get(key)) next.set(key, params.get(key)!);
    const search = next.toString();
    navigate({ pathname: settled ? '/search' : '/', search: search ? `?${search}` : '' });
  }, [settled, setParams, params, pathname, navigate]);
  useEffect(() => {
    if (urlTerm === written.current) return;
    written.current = urlTerm;
    setTerm(urlTerm);
  }, [urlTerm, setTerm]);
}

/** The address of the list's next page (`?offset=`), which the server renders (no JavaScript needed). */
function useNextPageAddress(next: number | null | undefined): string | undefined {
  const [params] = useSearchParams();
  if (next === null || next === undefined) return undefined;
  const at = new URLSearchParams(params);
  at.set('offset', String(next));
  return `?${at.toString()}`;
}

export function Component() {
  const t = useT();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  const subcategory = params.get('subcategory') ?? undefined;
  const urlTerm = params.get('q') ?? '';
  const [term, setTerm] = useState(urlTerm);
  const debounced = useDebouncedValue(term.trim());
  const searching = debounced.length >= SEARCH_MIN_CHARS && term.trim().length >= SEARCH_MIN_CHARS;
  useSearchInUrl(searching ? debounced : '', urlTerm, setTerm);
  const categories = useCategories();
  const active = subcategory ?? category ?? null;
  const offset = listStart(params);
  // The server's title of the same address (heads.ts), so hydrating does not change it.
  usePageTitle(
    searching
      ? t('catalogue.search.pageTitle', { term: debounced })
      : active
        ? t('catalogue.home.shelfTitle', { category: active })
        : '',
    listPageNumber(offset),
  );
  // The carousel and the teasers head the list's first page without a shelf only (as the server renders it).
  const showLatest = homeShowsLatest({ category, subcategory, offset });
  // Phones neither fetch the teasers nor the (folded) sidebar. A server-rendered home brings the
  // teasers at every width (their CSS hides them on phones): they stay, so the hydration matches.
  const showTeasers = useMediaQuery(MEDIA_MD_UP) && showLatest;
  const sidebarAlwaysOpen = useMediaQuery(MEDIA_LG_UP);
  const latest = useLatestProducts(showLatest);
  const reviews = useLatestReviews(showTeasers);
  const sellers = useLatestSellers(showTeasers);
  const teasersHere = showLatest && Boolean(reviews.data && sellers.data);
  // The grid comes once the teasers above it are complete, so nothing that is already on screen
  // moves when a panel fills; the carousel keeps a fixed-size slot. Once shown, it stays.
  const teasersSettled =
    (!showLatest || !latest.isPending) && (!showTeasers || (!reviews.isPending && !sellers.isPending));
  const [gridShown, setGridShown] = useState(false);
  const showGrid = gridShown || !showLatest || teasersSettled;
  useEffect(() => {
    if (showGrid) setGridShown(true);
  }, [showGrid]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The server's teasers hydrate once they are on screen (decision 335): a phone hides them.
  const teasersBox = useRef<HTMLDivElement>(null);
  const teasersInView = useChildrenInView(teasersBox);

  // Sellers and profiles are prefetched for the sellers page and cached 5 minutes (spec §7).
  useEffect(() => {
    const timer = setTimeout(() => {
      void client.prefetchQuery(sellersQueryOptions());
      void client.prefetchQuery(profilesQueryOptions());
    }, 1500);
    return () => clearTimeout(timer);
  }, [client]);

  const setSubcategory = (name: string | null) => {
    // The sort and filters stay when the shelf changes.
    setParams((prev) => {
      const next = new URLSearchParams(name ? { subcategory: name } : {});
      for (const key of LIST_OPTION_KEYS) if (prev.get(key)) next.set(key, prev.get(key)!);
      return next;
    });
    setFiltersOpen(false);
  };

  return (
    <>
      <div className="home-hero border-bottom">
        <Container className="py-3">
          <Row className="align-items-center g-2">
            <Col lg={4}>
              <p className="h5 mb-0 fw-semibold">{t('catalogue.home.claim')}</p>
              <p className="small text-body-secondary mb-0">{t('catalogue.home.claimSub')}</p>
            </Col>
            <Col lg={8}>
              <SearchBox
                id="home-search"
                label={t('catalogue.home.searchLabel')}
                placeholder={t('catalogue.home.searchLabel')}
                value={term}
                onChange={setTerm}
              />
            </Col>
          </Row>
        </Container>
        <Container className="pb-2">
          {/* Its own task after the page's top: eleven links off the first hydration task. */}
          <HydrateLater>
            <CategoryBar categories={categories.data ?? []} active={category ?? null} />
          </HydrateLater>
        </Container>
      </div>
      <Container className="py-4">
        <h1 className="visually-hidden">{t('components.pageTitle.default')}</h1>
        {searching ? (
          <SearchResults
            term={debounced}
            onBack={() => {
              // Back goes away with the results: focus returns to the search field.
              setTerm('');
              moveFocus(() => document.getElementById('home-search'));
            }}
          />
        ) : (
          <>
            {showLatest && (
              <>
                {/* A task of its own after the page's top: the first render stays short. */}
                <HydrateLater>
                  <div className="mb-4">
                    {latest.isPending ? (
                      <LatestCarouselPlaceholder />
                    ) : (
                      latest.data &&
                      latest.data.length > 0 && (
                        <Deferred fallback={<LatestCarouselPlaceholder />}>
                          <LatestCarousel products={latest.data.slice(0, 6)} />
                        </Deferred>
                      )
                    )}
                  </div>
                </HydrateLater>
                {(teasersHere || (showTeasers && teasersSettled)) && (
                  <Deferred>
                    <div ref={teasersBox}>
                      <HydrateLater after={teasersInView(0)}>
                        <Teasers />
                      </HydrateLater>
                    </div>
                  </Deferred>
                )}
              </>
            )}
            {!showGrid ? (
              <Loader label={t('catalogue.loadingProducts')} />
            ) : (
              // After the teasers (a later task, in page order), so they never push it down.
              <Deferred>
                <HydrateLater>
                  <Row className="g-4">
                    <Col lg={3} as="aside" aria-label={t('catalogue.home.filterBySubcategory')}>
                      <Button
                        variant="outline-secondary"
                        className="d-lg-none w-100 mb-2"
                        aria-expanded={filtersOpen}
                        aria-controls="subcategory-filters"
                        onClick={() => setFiltersOpen((v) => !v)}
                      >
                        {filtersOpen ? t('catalogue.home.hideFilters') : t('catalogue.home.showFilters')}
                      </Button>
                      <div id="subcategory-filters" className={filtersOpen ? 'd-block' : 'd-none d-lg-block'}>
                        <div className="bg-white rounded border p-3 sidebar-sticky">
                          <h2 className="h6 text-uppercase text-body-secondary mb-3">
                            {t('catalogue.categories')}
                          </h2>
                          {(sidebarAlwaysOpen || filtersOpen) && (
                            <Deferred>
                              <CategorySidebar
                                categories={categories.data ?? []}
                                active={subcategory ?? null}
                                onChange={setSubcategory}
                              />
                            </Deferred>
                          )}
                        </div>
                      </div>
                    </Col>
                    <Col lg={9}>
                      <div className="d-flex align-items-center justify-content-between gap-2 mb-2 flex-wrap">
                        <h2 className="h4 mb-0">{active ?? t('catalogue.home.allProducts')}</h2>
                        {active && (
                          <Link to="/" className="btn btn-sm btn-outline-secondary">
                            {t('catalogue.home.clearFilter')}
                          </Link>
                        )}
                      </div>
                      <Deferred>
                        <ProductList category={category} subcategory={subcategory} />
                      </Deferred>
                    </Col>
                  </Row>
                </HydrateLater>
              </Deferred>
            )}
          </>
        )}
      </Container>
    </>
  );
}
