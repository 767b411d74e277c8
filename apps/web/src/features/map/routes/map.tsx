import { useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { Loader } from '../../../components/loader';
import { useCategoryLabel } from '../../../components/categories/category-label';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { useSearchTerm } from '../../../components/use-debounced-value';
import { paths } from '../../../config/paths';
import { useLocale, useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useCountText } from '../../../i18n/plural';
import { errorMessage } from '../../../lib/api-client';
import { placeLine } from '../../../lib/place-line';
import { useCategories } from '../../catalogue/api/categories';
import { useMapStyleUrl } from '../api/map-config';
import { useMapStores } from '../api/map-stores';
import { distanceKm, useNearPlace } from '../api/near-place';
import { StoreMap, type StoreMapHandle } from '../components/store-map';

export function Component() {
  const t = useT();
  const count = useCountText();
  const locale = useLocale();
  usePageTitle(t('nav.findStore'));
  const mapStyle = useMapStyleUrl();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [input, setInput] = useState('');
  const term = useSearchTerm(input);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const f = useFormat();
  // A postcode or a town's name: every store, nearest first ("Stores near me").
  const near = useNearPlace(term);
  const place = term ? (near.data ?? null) : null;
  // "Emmentaler Bern": the stores holding Emmentaler, nearest to Bern first.
  const storesQuery = useMapStores(place ? place.rest : term);
  const categories = useCategories();
  const label = useCategoryLabel();
  const mapRef = useRef<StoreMapHandle>(null);

  const stores = useMemo(() => {
    const shown = (storesQuery.data ?? []).filter(
      (s) =>
        Number.isFinite(s.latitude) &&
        Number.isFinite(s.longitude) &&
        (categoryId === null || s.category.includes(categoryId)),
    );
    if (!place) return shown.map((s) => ({ ...s, km: null }));
    return shown
      .map((s) => ({ ...s, km: distanceKm(place.at, [s.longitude, s.latitude]) }))
      .sort((a, b) => a.km - b.km);
  }, [storesQuery.data, categoryId, place]);
  const nearest = useMemo(() => (place ? stores.slice(0, 3) : undefined), [place, stores]);
  const category = categories.data?.find((c) => c.id === categoryId);
  const categoryName = category ? label(category.name) : undefined;
  const fitKey = term || categoryId !== null ? `${term}|${categoryId ?? ''}|${place?.postcode ?? ''}` : '';
  const summary = [
    count('map.count', stores.length),
    place?.rest ? t('map.forTerm', { term: place.rest }) : '',
    place ? t('map.near', { place: place.name }) : term ? t('map.forTerm', { term }) : '',
    categoryName ? t('map.inCategory', { category: categoryName }) : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">{t('nav.findStore')}</h1>
      <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-3">
        <Form.Label htmlFor="map-search" className="visually-hidden">
          {t('map.searchLabel')}
        </Form.Label>
        <Form.Control
          id="map-search"
          type="search"
          placeholder={t('map.searchPlaceholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
      </Form>

      {categories.data && categories.data.length > 0 && (
        <nav aria-label={t('map.categories')} className="category-bar mb-3">
          <div className="d-flex flex-nowrap gap-2 overflow-auto pb-1">
            <Button
              size="sm"
              variant={categoryId === null ? 'dark' : 'outline-dark'}
              aria-pressed={categoryId === null}
              onClick={() => setCategoryId(null)}
              className="text-nowrap"
            >
              {t('map.all')}
            </Button>
            {categories.data.map((c) => (
              <Button
                key={c.id}
                size="sm"
                variant={categoryId === c.id ? 'dark' : 'outline-dark'}
                aria-pressed={categoryId === c.id}
                onClick={() => setCategoryId(categoryId === c.id ? null : c.id)}
                className="text-nowrap"
              >
                {label(c.name)}
              </Button>
            ))}
          </div>
        </nav>
      )}

      {storesQuery.isError && <Message variant="danger">{errorMessage(storesQuery.error)}</Message>}

      <Row className="g-3">
        <Col lg={8}>
          {/* The store list is the map's accessible alternative: keyboard users can skip the map. */}
          <Button
            variant="light"
            size="sm"
            className="visually-hidden-focusable mb-2"
            onClick={() => listHeading.current?.focus()}
          >
            {t('map.skipToList')}
          </Button>
          {mapStyle.ready ? (
            <StoreMap
              key={locale}
              ref={mapRef}
              stores={stores}
              fitKey={fitKey}
              fitTo={nearest}
              styleUrl={mapStyle.styleUrl}
              height="min(70vh, 560px)"
            />
          ) : (
            <div className="store-map rounded border bg-body-tertiary" style={{ height: 'min(70vh, 560px)' }}>
              <Loader label={t('map.loadingMap')} />
            </div>
          )}
        </Col>
        <Col lg={4}>
          <section aria-labelledby="store-list-heading">
            <h2
              id="store-list-heading"
              ref={listHeading}
              tabIndex={-1}
              className="h5 d-flex flex-wrap align-items-baseline gap-2"
            >
              {t('map.storesHeading')}
              <span className="small text-body-secondary fw-normal" aria-live="polite">
                {storesQuery.isSuccess && summary}
              </span>
            </h2>
            {storesQuery.isPending ? (
              <Loader label={t('map.loadingStores')} />
            ) : stores.length === 0 && storesQuery.isSuccess ? (
              <Message variant="secondary">{t('map.noStores')}</Message>
            ) : (
              <ListGroup
                as="ul"
                className="store-list overflow-auto"
                style={{ maxHeight: 'min(70vh, 560px)' }}
              >
                {stores.map((s) => (
                  <ListGroup.Item as="li" key={s.id} className="d-flex justify-content-between gap-2">
                    <div className="min-w-0">
                      <div className="fw-semibold">{s.name}</div>
                      <div className="small text-body-secondary">
                        {placeLine(s.address, s.city)}
                        {s.km !== null && (
                          <span className="ms-1 fw-semibold" data-testid="store-distance">
                            ·{' '}
                            {t('map.km', {
                              km: f.number(s.km < 10 ? Math.round(s.km * 10) / 10 : Math.round(s.km)),
                            })}
                          </span>
                        )}
                      </div>
                      {!!s.units && (
                        <div className="small" data-testid="store-units">
                          {count('map.units', s.units)}
                          {s.matching_products?.length
                            ? `: ${s.matching_products.map((p) => p.name).join(', ')}`
                            : ''}
                        </div>
                      )}
                      <div className="small">
                        {t('map.seller')} <Link to={paths.seller(s.owner_id)}>{s.owner_name}</Link>
                      </div>
                    </div>
                    <Button
                      variant="outline-secondary"
                      size="sm"
                      className="align-self-center text-nowrap"
                      onClick={() => mapRef.current?.showStore(s)}
                      aria-label={t('map.showOnMap', { name: s.name })}
                    >
                      {t('map.show')}
                    </Button>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
          </section>
        </Col>
      </Row>
    </Container>
  );
}
