import { PageLink as Link } from './page-link';
import type { Product } from '@marktgasse/shared';
import { paths } from '../config/paths';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { useCountText } from '../i18n/plural';
import { ProductImage } from './product-image';
import { Rating } from './rating';
import { textLang } from './text-lang';

export type ProductCardData = Pick<
  Product,
  'id' | 'brand' | 'name' | 'price' | 'description' | 'image' | 'thumbnail' | 'seller_id' | 'username'
> &
  Partial<Pick<Product, 'rating' | 'numReviews' | 'sellerDetails' | 'countInStock' | 'stocks'>>;

/**
 * What a card says about availability, from the stock rows the list answer already carries
 * (live stores only, docs/decisions/182): in stock or not, and where it can be picked up.
 */
export function availability(product: ProductCardData): {
  inStock: boolean;
  pickupStores: number;
  /** The city when every store with units is in one. */
  city: string | null;
} | null {
  if (!product.stocks) return null;
  const stocked = product.stocks.filter((s) => s.number > 0);
  const cities = new Set(stocked.map((s) => s.city));
  return {
    inStock: stocked.length > 0,
    pickupStores: stocked.length,
    city: cities.size === 1 ? stocked[0]!.city : null,
  };
}

function Availability({ product }: { product: ProductCardData }) {
  const t = useT();
  const count = useCountText();
  const a = availability(product);
  if (!a) return null;
  return (
    <div className="small mb-1" data-testid="availability">
      <span className={a.inStock ? 'text-success fw-semibold' : 'text-body-secondary'}>
        {t(a.inStock ? 'components.product.inStock' : 'components.product.outOfStock')}
      </span>
      {a.inStock && (
        <span className="text-body-secondary">
          {' · '}
          {a.city
            ? t('components.product.pickupIn', { city: a.city })
            : count('components.product.pickupStores', a.pickupStores)}
        </span>
      )}
    </div>
  );
}

/**
 * Product card of spec §2 Home: image, brand, name, description, 'CHF' price, 'Sold by' link.
 * Plain elements with Bootstrap's card classes: a page renders dozens, and on a phone every
 * component layer counts.
 */
export function ProductCard({ product }: { product: ProductCardData }) {
  const t = useT();
  const f = useFormat();
  const sellerId = product.seller_id ?? product.sellerDetails?.id;
  const sellerName = product.sellerDetails?.name || product.username;
  return (
    <article className="h-100 product-card shadow-sm card" data-testid="product-card">
      <Link to={paths.product(product.id)} className="d-block" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.thumbnail ?? product.image}
          alt=""
          width={400}
          height={300}
          className="card-img-top"
          initial={product.brand}
        />
      </Link>
      <div className="d-flex flex-column card-body">
        <div className="small text-uppercase text-body-secondary fw-semibold text-break">{product.brand}</div>
        <h3 className="h6 mb-2 card-title">
          <Link to={paths.product(product.id)} className="text-reset text-decoration-none">
            {product.name}
          </Link>
        </h3>
        {typeof product.rating === 'number' && (product.numReviews ?? 0) > 0 && (
          <div className="mb-2">
            <Rating value={product.rating} text={f.number(product.numReviews ?? 0)} />
          </div>
        )}
        <p className="small text-body-secondary clamp-2 mb-3 card-text" lang={textLang(product.description)}>
          {product.description?.trim() ? product.description : t('components.product.noDescription')}
        </p>
        <div className="mt-auto">
          <Availability product={product} />
          <div className="fw-bold fs-5 text-nowrap">{f.money(product.price)}</div>
          {sellerId !== undefined && (
            <div className="small text-break">
              {t('components.product.soldBy')} <Link to={paths.seller(sellerId)}>{sellerName}</Link>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
