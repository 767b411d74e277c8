import type { ReactNode } from 'react';
import { TEASER_ITEMS } from '@marktgasse/shared';
import { PageLink as Link } from '../../../components/page-link';
import { ProductImage } from '../../../components/product-image';
import { Rating } from '../../../components/rating';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useLatestProducts, useLatestReviews, useLatestSellers } from '../api/latest';
import { textLang } from '../../../components/text-lang';

// Plain elements with Bootstrap's classes, as in the product card: the home renders many at once.
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="h-100 shadow-sm teaser card">
      <h2 className="h6 bg-white fw-semibold py-3 card-header">{title}</h2>
      <ul className="list-group list-group-flush">{children}</ul>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <li className="list-group-item small text-body-secondary">{text}</li>;
}

export function LatestReviewsPanel() {
  const t = useT();
  const { data = [] } = useLatestReviews();
  return (
    <Panel title={t('catalogue.teasers.reviews')}>
      {data.length === 0 && <Empty text={t('catalogue.teasers.noReviews')} />}
      {data.slice(0, TEASER_ITEMS).map((r) => (
        <li key={r.id} className="list-group-item list-group-item-action position-relative">
          <div className="d-flex gap-2">
            <ProductImage
              src={r.image}
              initial={r.product_brand}
              alt=""
              width={56}
              height={56}
              className="teaser-thumb rounded"
            />
            <div className="min-w-0">
              <Rating value={r.rating} />
              <div className="small text-body-secondary text-truncate">{r.product_brand}</div>
              <Link
                to={paths.product(r.product_id)}
                className="stretched-link fw-semibold text-reset small d-block text-truncate"
              >
                {r.product_name}
              </Link>
            </div>
          </div>
          {r.comment && (
            <p className="crop-3rem small mb-1 mt-2" lang={textLang(r.comment)}>
              {r.comment}
            </p>
          )}
          <div className="small text-body-secondary">
            {t('catalogue.teasers.reviewedBy', { name: r.name })}
          </div>
        </li>
      ))}
    </Panel>
  );
}

export function LatestProductsPanel() {
  const t = useT();
  const f = useFormat();
  const { data = [] } = useLatestProducts();
  return (
    <Panel title={t('catalogue.teasers.products')}>
      {data.length === 0 && <Empty text={t('catalogue.teasers.noProducts')} />}
      {data.slice(0, TEASER_ITEMS + 1).map((p) => (
        <li key={p.id} className="list-group-item list-group-item-action position-relative">
          <div className="d-flex gap-2 align-items-center">
            <ProductImage
              src={p.thumbnail ?? p.image}
              initial={p.brand}
              alt=""
              width={56}
              height={56}
              className="teaser-thumb rounded"
            />
            <div className="min-w-0">
              <div className="small text-body-secondary text-truncate">{p.brand}</div>
              <Link
                to={paths.product(p.id)}
                className="stretched-link fw-semibold text-reset small d-block text-truncate"
              >
                {p.name}
              </Link>
              <div className="small fw-bold">{f.money(p.price)}</div>
            </div>
          </div>
        </li>
      ))}
    </Panel>
  );
}

export function LatestSellersPanel() {
  const t = useT();
  const { data = [] } = useLatestSellers();
  return (
    <Panel title={t('catalogue.teasers.sellers')}>
      {data.length === 0 && <Empty text={t('catalogue.teasers.noSellers')} />}
      {data.slice(0, TEASER_ITEMS).map((s) => (
        <li key={s.id} className="list-group-item list-group-item-action position-relative">
          <div className="d-flex gap-2 align-items-center mb-1">
            <ProductImage
              src={s.image}
              initial={s.name}
              alt=""
              width={40}
              height={40}
              className="teaser-thumb rounded-circle"
            />
            <div className="min-w-0">
              <Link
                to={paths.seller(s.id)}
                className="stretched-link fw-semibold text-reset small d-block text-truncate"
              >
                {s.name}
              </Link>
              {s.industry && <div className="small text-body-secondary text-truncate">{s.industry}</div>}
            </div>
          </div>
          {s.description && <p className="crop-7rem small mb-0">{s.description}</p>}
        </li>
      ))}
    </Panel>
  );
}

/** The three teaser panels, shown from medium screens up (spec §2 Home). */
export function Teasers() {
  return (
    <div className="g-3 d-none d-md-flex mb-4 row" data-testid="teasers">
      <div className="col-md-4">
        <LatestReviewsPanel />
      </div>
      <div className="col-md-4">
        <LatestProductsPanel />
      </div>
      <div className="col-md-4">
        <LatestSellersPanel />
      </div>
    </div>
  );
}
