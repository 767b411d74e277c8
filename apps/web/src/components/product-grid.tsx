import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ProductCard, type ProductCardData } from './product-card';

/** A responsive grid of product cards: 2 columns on phones, up to `columns` on wide screens. */
export function ProductGrid({ products, columns = 4 }: { products: ProductCardData[]; columns?: 3 | 4 }) {
  return (
    <Row
      xs={2}
      md={3}
      xl={columns}
      className="g-2 g-sm-3 list-unstyled mb-0"
      as="ul"
      data-testid="product-grid"
    >
      {products.map((p) => (
        <Col as="li" key={p.id}>
          <ProductCard product={p} />
        </Col>
      ))}
    </Row>
  );
}
