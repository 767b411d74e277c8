import { useState } from 'react';
import type { Product } from '@marktgasse/shared';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { useCategoryLabel } from '../../../components/categories/category-label';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { ProductGrid } from '../../../components/product-grid';
import { ProductImage } from '../../../components/product-image';
import { SEARCH_MIN_CHARS, useDebouncedValue } from '../../../components/use-debounced-value';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useSellerProductSearch } from '../api/search';
import { useProfile, useSellerProducts, useSellerStores } from '../api/sellers';
import { ListOptionsBar, useListOptions } from '../components/list-options';
import { storesWithStock } from '../lib/purchase';
import { SearchBox } from '../components/search-box';
import { textLang } from '../../../components/text-lang';
import { LoadMore } from '../../../components/load-more';
import { ReportAction } from '../../../components/report-action';
import { useSession } from '../../../stores/session';

export function Component() {
  const { id } = useParams();
  // Another seller's page starts afresh: no store chosen, no search typed.
  return <SellerPage key={id} sellerId={Number(id)} />;
}

function SellerPage({ sellerId }: { sellerId: number }) {
  const t = useT();
  const label = useCategoryLabel();
  const f = useFormat();
  const profile = useProfile(sellerId);
  const signedIn = useSession((s) => Boolean(s.userInfo && s.userInfo.id !== sellerId));
  const stores = useSellerStores(sellerId);
  const [storeId, setStoreId] = useState<number | null>(null);
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim());
  const searching = debounced.length >= SEARCH_MIN_CHARS && term.trim().length >= SEARCH_MIN_CHARS;
  // Sort and filters (in the URL): a search takes them, else the seller's list with them.
  const [options] = useListOptions();
  const search = useSellerProductSearch(sellerId, searching ? debounced : '', options);
  const products = useSellerProducts(sellerId, options, storeId);
  usePageTitle(profile.data ? profile.data.name || profile.data.username : t('catalogue.seller.title'));

  if (profile.isPending) return <Loader label={t('catalogue.seller.loading')} />;
  if (profile.error)
    return (
      <Container className="py-4">
        <Link to={paths.sellers} className="btn btn-outline-secondary btn-sm mb-3">
          {t('catalogue.seller.allSellers')}
        </Link>
        <Message variant="danger">{errorMessage(profile.error)}</Message>
      </Container>
    );

  const seller = profile.data;
  const storeList = stores.data ?? [];
  const loaded = products.data?.pages.flatMap((page) => page.results) ?? [];
  const activeStore = storeList.find((s) => s.id === storeId);
  // A store's button: the server's list holds only what that store has (decision 314); a search's
  // results carry their stock per store and are narrowed here.
  const found = search.data ?? [];
  const inStore = (p: Product) => storesWithStock(p).some((s) => s.store === storeId);
  const visible = searching ? (storeId === null ? found : found.filter(inStore)) : loaded;
  const loading = searching ? search.isPending : products.isPending;
  const error = searching ? search.error : products.error;

  return (
    <Container className="py-4">
      <Link to={paths.sellers} className="btn btn-outline-secondary btn-sm mb-3">
        {t('catalogue.seller.allSellers')}
      </Link>
      <Card className="shadow-sm mb-4 seller-header">
        <Card.Body className="p-4">
          <Row className="g-4 align-items-center">
            <Col xs={12} sm="auto" className="text-center">
              <div className="seller-logo-lg mx-auto">
                <ProductImage
                  src={seller.image}
                  alt={t('catalogue.seller.logoAlt', { name: seller.name || seller.username })}
                  width={140}
                  height={140}
                  className="rounded-circle border"
                  initial={seller.name || seller.username}
                  eager
                />
              </div>
            </Col>
            <Col>
              <h1 className="h3 mb-1">{seller.name || seller.username}</h1>
              <div className="d-flex flex-wrap column-gap-2 mb-2 text-body-secondary">
                {seller.industry && <span>{seller.industry}</span>}
                {seller.industry && seller.headquarter && (
                  <span aria-hidden="true" className="d-none d-sm-inline">
                    ·
                  </span>
                )}
                {seller.headquarter && (
                  <span>{t('catalogue.seller.headquarter', { place: seller.headquarter })}</span>
                )}
              </div>
              {seller.categoryDetails.length > 0 && (
                <div className="d-flex flex-wrap gap-1 mb-2">
                  {seller.categoryDetails.map((c) => (
                    <Badge key={c.id} bg="light" text="dark" className="border fw-normal">
                      {label(c.name)}
                    </Badge>
                  ))}
                </div>
              )}
              {seller.description && (
                <p className="mb-0 text-pre-line" lang={textLang(seller.description)}>
                  {seller.description}
                </p>
              )}
              {signedIn && <ReportAction kind="seller" id={sellerId} />}
            </Col>
          </Row>
        </Card.Body>
      </Card>

      <Row className="g-3 align-items-center mb-3">
        <Col lg={7}>
          <div
            role="group"
            aria-label={t('catalogue.seller.filterByStore')}
            className="d-flex flex-wrap gap-2"
          >
            <Button
              size="sm"
              variant={storeId === null ? 'primary' : 'outline-primary'}
              aria-pressed={storeId === null}
              onClick={() => setStoreId(null)}
            >
              {t('catalogue.all')}
            </Button>
            {storeList.map((s) => (
              <Button
                key={s.id}
                size="sm"
                variant={storeId === s.id ? 'primary' : 'outline-primary'}
                aria-pressed={storeId === s.id}
                onClick={() => setStoreId(s.id)}
              >
                {s.name}
              </Button>
            ))}
            {stores.isPending && (
              <Spinner
                animation="border"
                size="sm"
                role="status"
                aria-label={t('catalogue.seller.loadingStores')}
              />
            )}
          </div>
        </Col>
        <Col lg={5}>
          <SearchBox
            id="seller-search"
            label={t('catalogue.seller.searchLabel', { name: seller.name || seller.username })}
            placeholder={t('catalogue.seller.searchPlaceholder')}
            value={term}
            onChange={setTerm}
          />
        </Col>
      </Row>

      <ListOptionsBar searching={searching} />
      <h2 className="h5 mb-3">
        {searching ? t('catalogue.search.resultsFor', { term: debounced }) : t('nav.products')}
        {activeStore ? ` ${t('catalogue.seller.inStore', { store: activeStore.name })}` : ''}
        {!loading && (
          <span className="text-body-secondary fw-normal">
            {' '}
            · {f.number(searching ? visible.length : (products.data?.pages[0]?.count ?? 0))}
          </span>
        )}
      </h2>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      {loading ? (
        <Loader label={t('catalogue.loadingProducts')} />
      ) : visible.length === 0 ? (
        <Message variant="secondary">
          {searching
            ? t('catalogue.seller.noMatch', { term: debounced })
            : activeStore
              ? t('catalogue.seller.noneInStore', { store: activeStore.name })
              : t('catalogue.seller.noProducts')}
        </Message>
      ) : (
        <ProductGrid products={visible} />
      )}
      {!searching && <LoadMore query={products} label={t('catalogue.home.loadMore')} size="lg" />}
    </Container>
  );
}
