import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useQuery } from '@tanstack/react-query';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCategories } from '../api/categories';
import { profilesQueryOptions, sellersQueryOptions } from '../api/sellers';
import { useCategoryLabel } from '../../../components/categories/category-label';
import { SellerLogoGrid, type SellerTile } from '../components/seller-logo-grid';

type View = { kind: 'sellers' } | { kind: 'category'; name: string } | { kind: 'all-profiles' };

export function Component() {
  const t = useT();
  const label = useCategoryLabel();
  const f = useFormat();
  usePageTitle(t('nav.sellers'));
  const [view, setView] = useState<View>({ kind: 'sellers' });
  const categories = useCategories();
  const sellers = useQuery({
    ...sellersQueryOptions(view.kind === 'category' ? view.name : undefined),
    enabled: view.kind !== 'all-profiles',
  });
  // Back reloads all profiles (GET /api/profiles/) and shows the sellers among them.
  const profiles = useQuery({ ...profilesQueryOptions(), enabled: view.kind === 'all-profiles' });

  const query = view.kind === 'all-profiles' ? profiles : sellers;
  const tiles: SellerTile[] =
    view.kind === 'all-profiles'
      ? (profiles.data ?? [])
          .filter((p) => p.status === 'STORE_OWNER')
          .map((p) => ({
            id: p.id,
            name: p.name || p.username,
            image: p.thumbnail ?? p.image,
            industry: p.industry,
          }))
      : (sellers.data ?? []).map((s) => ({ id: s.id, name: s.name, image: s.image, industry: s.industry }));

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{t('nav.sellers')}</h1>
          <p className="text-body-secondary mb-0">{t('catalogue.sellers.intro')}</p>
        </div>
        <div className="d-flex gap-2 align-items-center sellers-filter flex-grow-1 flex-sm-grow-0">
          {view.kind === 'category' && (
            <Button
              variant="outline-secondary"
              onClick={() => {
                setView({ kind: 'all-profiles' });
                void profiles.refetch();
              }}
            >
              {t('catalogue.back')}
            </Button>
          )}
          <Form.Label htmlFor="seller-category" className="visually-hidden">
            {t('catalogue.sellers.filter')}
          </Form.Label>
          <Form.Select
            id="seller-category"
            value={view.kind === 'category' ? view.name : ''}
            onChange={(e) =>
              setView(e.target.value ? { kind: 'category', name: e.target.value } : { kind: 'sellers' })
            }
          >
            <option value="">{t('catalogue.sellers.filter')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.name}>
                {label(c.name)}
              </option>
            ))}
          </Form.Select>
        </div>
      </div>
      {view.kind === 'category' && (
        <h2 className="h5 mb-3">
          {t('catalogue.sellers.inCategory', { category: view.name })}
          {sellers.data && <span className="text-body-secondary fw-normal"> · {f.number(tiles.length)}</span>}
        </h2>
      )}
      {query.error && <Message variant="danger">{errorMessage(query.error)}</Message>}
      {query.isFetching && !query.data ? (
        <Loader label={t('catalogue.sellers.loading')} />
      ) : query.data && tiles.length === 0 ? (
        <Message variant="secondary">{t('catalogue.sellers.empty')}</Message>
      ) : (
        <SellerLogoGrid sellers={tiles} />
      )}
    </Container>
  );
}
