import { Badge, Card, Col, Container, Row } from '../../../components/plain-grid';
import { useNavigate, useParams } from 'react-router';
import { HydrateLater } from '../../../components/deferred';
import { PageLink as Link } from '../../../components/page-link';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { ProductImage } from '../../../components/product-image';
import { Rating } from '../../../components/rating';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useCountText } from '../../../i18n/plural';
import { errorMessage } from '../../../lib/api-client';
import { useCart } from '../../../stores/cart';
import { selectRole, useSession } from '../../../stores/session';
import { useProduct } from '../api/product';
import { useReviews } from '../api/reviews';
import { PurchaseOptions } from '../components/purchase-options';
import { ReviewForm } from '../components/review-form';
import { ReviewList } from '../components/review-list';
import { ReportAction } from '../../../components/report-action';
import { useCategoryLabel } from '../../../components/categories/category-label';
import { toCartItem, totalStock } from '../lib/purchase';
import { textLang } from '../../../components/text-lang';
import '../catalogue.css';

export function Component() {
  const t = useT();
  const label = useCategoryLabel();
  const f = useFormat();
  const count = useCountText();
  const { id } = useParams();
  const productId = Number(id);
  const navigate = useNavigate();
  const product = useProduct(productId);
  const reviews = useReviews(productId);
  const userInfo = useSession((s) => s.userInfo);
  const role = useSession(selectRole);
  const addItem = useCart((s) => s.addItem);
  usePageTitle(product.data ? `${product.data.brand} ${product.data.name}` : t('catalogue.product.title'));

  if (!Number.isInteger(productId) || productId <= 0)
    return (
      <Container className="py-4">
        <Message variant="danger">{t('catalogue.product.invalid')}</Message>
      </Container>
    );
  if (product.isPending) return <Loader label={t('catalogue.product.loading')} />;
  if (product.error)
    return (
      <Container className="py-4">
        <Link to={paths.home} className="btn btn-outline-secondary mb-3">
          {t('catalogue.goBack')}
        </Link>
        <Message variant="danger">{errorMessage(product.error)}</Message>
      </Container>
    );

  const p = product.data;
  const inStock = totalStock(p);
  const ownProduct = Boolean(userInfo && userInfo.id === p.seller);
  const sellerName = p.sellerDetails?.name || p.username;

  return (
    <Container className="py-4">
      <Link to={paths.home} className="btn btn-outline-secondary btn-sm mb-3">
        {t('catalogue.goBack')}
      </Link>
      <Row className="g-4">
        <Col md={6} lg={4}>
          <div className="product-image-frame bg-white rounded border overflow-hidden">
            <ProductImage
              src={p.image ?? p.thumbnail}
              alt={`${p.brand} ${p.name}`}
              width={800}
              height={800}
              eager
            />
          </div>
        </Col>
        <Col md={6} lg={4}>
          <p className="text-uppercase fw-semibold text-body-secondary small mb-1">{p.brand}</p>
          <div className="d-flex align-items-start justify-content-between gap-2">
            <h1 className="h3">{p.name}</h1>
            {ownProduct && (
              <Link to={paths.editProduct(p.id)} className="btn btn-outline-primary btn-sm flex-shrink-0">
                {t('seller.edit')}
              </Link>
            )}
          </div>
          <div className="mb-3" data-testid="product-rating">
            <Rating value={p.rating} text={count('catalogue.product.reviews', p.numReviews)} />
          </div>
          <p className="fs-3 fw-bold mb-2" data-testid="product-price">
            {f.money(p.price)}
          </p>
          <p className="text-pre-line" lang={textLang(p.description)}>
            {p.description?.trim() ? p.description : t('components.product.noDescription')}
          </p>
          <dl className="row small mb-0">
            <dt className="col-5 fw-normal text-body-secondary">{t('catalogue.product.number')}</dt>
            <dd className="col-7">{p.id}</dd>
            <dt className="col-5 fw-normal text-body-secondary">{t('catalogue.product.category')}</dt>
            <dd className="col-7">
              {label(p.categoryName)}
              {p.subcategoryName ? ` › ${label(p.subcategoryName)}` : ''}
            </dd>
            <dt className="col-5 fw-normal text-body-secondary">{t('components.product.soldBy')}</dt>
            <dd className="col-7">
              <Link to={paths.seller(p.seller)}>{sellerName}</Link>
            </dd>
          </dl>
          {userInfo && !ownProduct && <ReportAction kind="product" id={p.id} />}
        </Col>
        <HydrateLater>
          {/* A third of the row on desktop: "Versand oder Abholung?" fits the order type's select from 992 px on. */}
          <Col lg={4}>
            <Card className="shadow-sm">
              <Card.Body>
                <div className="d-flex justify-content-between align-items-baseline mb-3">
                  <span className="text-body-secondary">{t('catalogue.product.price')}</span>
                  <strong className="fs-5">{f.money(p.price)}</strong>
                </div>
                <div className="d-flex justify-content-between align-items-baseline mb-3">
                  <span className="text-body-secondary">{t('catalogue.product.status')}</span>
                  <Badge bg={inStock > 0 ? 'success' : 'danger'} data-testid="stock-badge">
                    {inStock > 0
                      ? t('catalogue.product.inStock', { count: f.number(inStock) })
                      : t('catalogue.product.outOfStock')}
                  </Badge>
                </div>
                <PurchaseOptions
                  product={p}
                  ownProduct={ownProduct}
                  onAdd={(orderType, storeId, quantity) => {
                    addItem(toCartItem(p, orderType, storeId, quantity));
                    navigate(paths.cart);
                  }}
                />
              </Card.Body>
            </Card>
          </Col>
        </HydrateLater>
      </Row>
      <HydrateLater>
        <Row className="mt-5 g-4">
          <Col lg={7}>
            <h2 className="h4 mb-3">{t('catalogue.product.reviewsHeading')}</h2>
            {reviews.error && <Message variant="danger">{errorMessage(reviews.error)}</Message>}
            {reviews.isPending ? (
              <Loader label={t('catalogue.product.loadingReviews')} />
            ) : (
              <ReviewList reviews={reviews.data ?? []} reporterId={userInfo?.id ?? null} />
            )}
          </Col>
          <Col lg={5}>
            <Card className="shadow-sm">
              <Card.Body>
                <ReviewForm productId={p.id} signedIn={Boolean(userInfo)} role={role} />
              </Card.Body>
            </Card>
          </Col>
        </Row>
      </HydrateLater>
    </Container>
  );
}
