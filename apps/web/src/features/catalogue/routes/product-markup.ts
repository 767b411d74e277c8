/**
 * The product screen (product.tsx) as the server's renderer writes it for a guest, written as
 * a string (docs/decisions/307): a Preact render of the screen cost about 0.5 ms of a page, ten
 * JSON answers' worth, for markup whose shape hardly changes between products. This is not a
 * second screen: the browser hydrates product.tsx over it, and the renderer compares the two on
 * its first product page in each language and on a sample afterwards (entry-server.tsx), falling
 * back to the screen for good at the first difference. The pages' tests compare both over
 * generated products in four languages. A change to the product screen, its purchase options,
 * reviews, rating or image must be made here too; those tests say where.
 */
import type { Product, Review } from '@marktgasse/shared';
import { loginFor, paths } from '../../../config/paths';
import { appHref } from '../../../components/page-link';
import { STAR, starKinds, STAR_COLORS } from '../../../components/rating';
import { textLang } from '../../../components/text-lang';
import type { Locale, Translate } from '../../../i18n';
import { date, money, number, oneDecimal } from '../../../i18n/format';
import { countText } from '../../../i18n/plural';
import { availableFor, quantityOptions, storeOptionText, storesWithStock, totalStock } from '../lib/purchase';

export interface MarkupContext {
  t: Translate;
  locale: Locale;
  /** The router's basename: `/de`. */
  basename: string;
  /** A category's name in the page's language. */
  label: (name: string) => string;
}

/** Text and attribute values escaped as Preact's renderer escapes them (`"`, `&`, `<`). */
const ESCAPED = /["&<]/;
export function esc(value: string | number): string {
  const text = String(value);
  if (!ESCAPED.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** A language attribute, when the text is recognisably in one. */
const langOf = (text: string | null | undefined) => {
  const lang = textLang(text);
  return lang ? ` lang="${esc(lang)}"` : '';
};

/** An app address as `PageLink` writes it on the server, under the basename. */
function link(c: MarkupContext, to: string, inner: string, className?: string): string {
  const href = appHref(c.basename, to);
  return `<a href="${esc(href)}" data-discover="true"${className ? ` class="${className}"` : ''}>${inner}</a>`;
}

/** Rating (components/rating.tsx); `uid` is the id its `useId` gets at this place. */
function rating(c: MarkupContext, value: number, uid: string, text?: string): string {
  const kinds = starKinds(value);
  const shown = oneDecimal(value, c.locale);
  const { filled, empty, edge } = STAR_COLORS;
  const defs = kinds.includes('half')
    ? `<defs><linearGradient id="half-${uid}"><stop offset="50%" stop-color="${filled}"></stop><stop offset="50%" stop-color="${empty}"></stop></linearGradient></defs>`
    : '';
  const stars = kinds
    .map((kind, i) => {
      const fill = kind === 'full' ? filled : kind === 'half' ? `url(#half-${uid})` : empty;
      const stroke = kind === 'full' ? filled : edge;
      return `<path transform="translate(${i * 24} 0)" d="${STAR}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"></path>`;
    })
    .join('');
  const label = esc(c.t('components.rating.label', { value: shown }));
  return (
    `<span class="d-inline-flex align-items-center gap-1"><span role="img" aria-label="${label}" class="d-inline-flex">` +
    `<svg width="80" height="16" viewBox="0 0 120 24" aria-hidden="true">${defs}${stars}</svg></span>` +
    `<span aria-hidden="true" class="small fw-semibold">${esc(shown)}</span>` +
    `${text ? `<span class="small text-body-secondary">${esc(text)}</span>` : ''}</span>`
  );
}

/** ProductImage (components/product-image.tsx) as the screen's eager 800 × 800 picture. */
function image(src: string | null | undefined, alt: string): string {
  const ratio = 'aspect-ratio:800 / 800;';
  if (!src) {
    const initial = esc(alt.trim().slice(0, 1).toUpperCase());
    const named = alt ? ` role="img" aria-label="${esc(alt)}"` : ' aria-hidden="true"';
    return `<div${named} style="${ratio}" class="img-fallback d-flex align-items-center justify-content-center "><span aria-hidden="true">${initial}</span></div>`;
  }
  return `<img src="${esc(src)}" alt="${esc(alt)}" width="800" height="800" loading="eager" fetchPriority="high" decoding="auto" style="${ratio}height:auto;" class="img-cover "/>`;
}

/** PurchaseOptions (components/purchase-options.tsx) before any choice: order type none, quantity 0. */
function purchaseOptions(c: MarkupContext, p: Product): string {
  const { t } = c;
  const stores = storesWithStock(p);
  const disabled = totalStock(p) === 0;
  const off = disabled ? 'disabled ' : '';
  const quantities = quantityOptions(availableFor(p, 'none', null))
    .map((n) => `<option${n === 0 ? ' selected' : ''} value="${n}">${n}</option>`)
    .join('');
  const storeList = stores.length
    ? `<div data-testid="stores-with-stock" class="small mb-3"><p class="mb-1 text-body-secondary">${esc(countText(t, c.locale, 'catalogue.purchase.pickupIn', stores.length, number(stores.length, c.locale)))}</p>` +
      `<ul class="list-unstyled mb-0">${stores.map((s) => `<li>${esc(storeOptionText(t, c.locale, s))}</li>`).join('')}</ul></div>`
    : '';
  const quantityOff = disabled || availableFor(p, 'none', null) === 0 ? 'disabled ' : '';
  const hint = disabled
    ? ''
    : `<p class="purchase-bar-hint small mb-1 text-body-secondary">${esc(t('catalogue.purchase.chooseFirst'))}</p>`;
  return (
    `<div class="purchase-options"><div class="mb-3"><label for="order-type" class="form-label">${esc(t('catalogue.purchase.orderType'))}</label>` +
    `<select ${off}id="order-type" class="form-select"><option selected value="none">${esc(t('catalogue.purchase.choose'))}</option>` +
    `<option value="online">${esc(t('catalogue.purchase.online'))}</option>` +
    `<option value="inStore"${stores.length === 0 ? ' disabled' : ''}>${esc(t('catalogue.purchase.inStore'))}</option></select></div>` +
    storeList +
    `<div class="mb-3"><label for="order-quantity" class="form-label">${esc(t('catalogue.purchase.quantity'))}</label>` +
    `<select ${quantityOff}id="order-quantity" class="form-select">${quantities}</select></div>` +
    `<div data-testid="purchase-bar" class="purchase-bar">${hint}<button type="button" disabled class="w-100 btn btn-primary btn-lg">${esc(t('catalogue.purchase.add'))}</button></div></div>`
  );
}

/** ReviewList (components/review-list.tsx) for a guest; the ratings' ids follow the product's. */
function reviewList(c: MarkupContext, reviews: Review[]): string {
  if (reviews.length === 0)
    return `<div role="status" class="fade alert alert-secondary show">${esc(c.t('catalogue.review.none'))}</div>`;
  const items = reviews.map((r, i) => {
    const verified = r.verified
      ? `<span class="fw-normal badge bg-success">${esc(c.t('catalogue.review.verified'))}</span>`
      : '';
    const comment = r.comment
      ? `<p${langOf(r.comment)} class="mb-0 mt-2 text-pre-line">${esc(r.comment)}</p>`
      : '';
    return (
      `<li class="list-group-item py-3"><div class="d-flex flex-wrap align-items-center gap-2 mb-1"><strong>${esc(r.name)}</strong>${verified}` +
      `<span class="small text-body-secondary ms-auto">${esc(date(r.createdAt, c.locale))}</span></div>` +
      `${rating(c, r.rating, `P0-${i + 2}`)}${comment}</li>`
    );
  });
  return `<ul data-testid="review-list" class="list-group mb-4">${items.join('')}</ul>`;
}

/** The first column pair: picture, then name, rating, price, description and facts. */
function details(c: MarkupContext, p: Product): string {
  const { t } = c;
  const description = p.description?.trim() ? p.description : t('components.product.noDescription');
  const category = `${c.label(p.categoryName)}${p.subcategoryName ? ` › ${c.label(p.subcategoryName)}` : ''}`;
  const reviewsText = countText(
    t,
    c.locale,
    'catalogue.product.reviews',
    p.numReviews,
    number(p.numReviews, c.locale),
  );
  const fact = (key: string, value: string) =>
    `<dt class="col-5 fw-normal text-body-secondary">${esc(t(key))}</dt><dd class="col-7">${value}</dd>`;
  return (
    `<div class="col-lg-4 col-md-6"><div class="product-image-frame bg-white rounded border overflow-hidden">${image(p.image ?? p.thumbnail, `${p.brand} ${p.name}`)}</div></div>` +
    `<div class="col-lg-4 col-md-6"><p class="text-uppercase fw-semibold text-body-secondary small mb-1">${esc(p.brand)}</p>` +
    `<div class="d-flex align-items-start justify-content-between gap-2"><h1 class="h3">${esc(p.name)}</h1></div>` +
    `<div data-testid="product-rating" class="mb-3">${rating(c, p.rating, 'P0-1', reviewsText)}</div>` +
    `<p data-testid="product-price" class="fs-3 fw-bold mb-2">${esc(money(p.price, c.locale))}</p>` +
    `<p${langOf(p.description)} class="text-pre-line">${esc(description)}</p>` +
    `<dl class="row small mb-0">${fact('catalogue.product.number', esc(p.id))}${fact('catalogue.product.category', esc(category))}` +
    `${fact('components.product.soldBy', link(c, paths.seller(p.seller), esc(p.sellerDetails?.name || p.username)))}</dl></div>`
  );
}

/** The screen's markup inside `<main>`, or null for what it does not write (then the screen renders). */
export function productMarkup(p: Product, reviews: Review[], c: MarkupContext): string | null {
  if (!Number.isInteger(p.id) || p.id <= 0) return null;
  const { t } = c;
  const inStock = totalStock(p);
  const badge =
    inStock > 0
      ? `<span data-testid="stock-badge" class="badge bg-success">${esc(t('catalogue.product.inStock', { count: number(inStock, c.locale) }))}</span>`
      : `<span data-testid="stock-badge" class="badge bg-danger">${esc(t('catalogue.product.outOfStock'))}</span>`;
  const price = esc(money(p.price, c.locale));
  const login = link(c, loginFor(paths.product(p.id)), esc(t('nav.signIn')));
  return (
    `<div class="py-4 container">${link(c, paths.home, esc(t('catalogue.goBack')), 'btn btn-outline-secondary btn-sm mb-3')}` +
    `<div class="g-4 row">${details(c, p)}` +
    `<div class="col-lg-4"><div class="shadow-sm card"><div class="card-body">` +
    `<div class="d-flex justify-content-between align-items-baseline mb-3"><span class="text-body-secondary">${esc(t('catalogue.product.price'))}</span><strong class="fs-5">${price}</strong></div>` +
    `<div class="d-flex justify-content-between align-items-baseline mb-3"><span class="text-body-secondary">${esc(t('catalogue.product.status'))}</span>${badge}</div>` +
    `${purchaseOptions(c, p)}</div></div></div></div>` +
    `<div class="mt-5 g-4 row"><div class="col-lg-7"><h2 class="h4 mb-3">${esc(t('catalogue.product.reviewsHeading'))}</h2>${reviewList(c, reviews)}</div>` +
    `<div class="col-lg-5"><div class="shadow-sm card"><div class="card-body"><div role="status" class="fade alert alert-info show">${esc(t('catalogue.review.login'))} — ${login}</div></div></div></div></div></div>`
  );
}

/**
 * What decides which elements and classes `productMarkup` writes for a product and its reviews:
 * pages with the same key have the same ones, so the server picks their critical CSS by the key
 * instead of reading every tag and class of the page (decision 313). A branch above that writes
 * other elements or classes for some products must be named here too; the pages' tests check
 * that equal keys mean equal elements and classes over generated products.
 */
export function productMarkupShape(p: Product, reviews: Review[]): string {
  const flag = (value: boolean) => (value ? '1' : '0');
  const half = (value: number) => starKinds(value).includes('half');
  const picture = flag(Boolean(p.image ?? p.thumbnail));
  const stock = flag(totalStock(p) > 0) + flag(storesWithStock(p).length > 0);
  const listed =
    reviews.length === 0
      ? 'none'
      : flag(reviews.some((r) => r.verified)) +
        flag(reviews.some((r) => Boolean(r.comment))) +
        flag(reviews.some((r) => half(r.rating)));
  return `product:${picture}${flag(half(p.rating))}${stock}:${listed}`;
}
