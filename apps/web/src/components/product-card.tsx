import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { formatCHF, type Product } from '@marktgasse/shared';
import { paths } from '../config/paths';
import { ProductImage } from './product-image';
import { Rating } from './rating';

export type ProductCardData = Pick<
  Product,
  'id' | 'brand' | 'name' | 'price' | 'description' | 'image' | 'thumbnail' | 'seller_id' | 'username'
> &
  Partial<Pick<Product, 'rating' | 'numReviews' | 'sellerDetails'>>;

/** Product card of spec §2 Home: image, brand, name, description, 'CHF' price, 'Sold by' link. */
export function ProductCard({ product }: { product: ProductCardData }) {
  const sellerId = product.seller_id ?? product.sellerDetails?.id;
  const sellerName = product.sellerDetails?.name || product.username;
  return (
    <Card className="h-100 product-card shadow-sm" as="article" data-testid="product-card">
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
      <Card.Body className="d-flex flex-column">
        <div className="small text-uppercase text-body-secondary fw-semibold text-truncate">
          {product.brand}
        </div>
        <Card.Title as="h3" className="h6 mb-2">
          <Link to={paths.product(product.id)} className="text-reset text-decoration-none">
            {product.name}
          </Link>
        </Card.Title>
        {typeof product.rating === 'number' && (product.numReviews ?? 0) > 0 && (
          <div className="mb-2">
            <Rating value={product.rating} text={`${product.numReviews}`} />
          </div>
        )}
        <Card.Text className="small text-body-secondary clamp-2 mb-3">
          {product.description?.trim() ? product.description : 'Product has no description.'}
        </Card.Text>
        <div className="mt-auto">
          <div className="fw-bold fs-5 text-nowrap">{formatCHF(product.price)}</div>
          {sellerId !== undefined && (
            <div className="small text-truncate">
              Sold by <Link to={paths.seller(sellerId)}>{sellerName}</Link>
            </div>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
