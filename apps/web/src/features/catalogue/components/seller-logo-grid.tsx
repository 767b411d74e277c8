import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/product-image';
import { paths } from '../../../config/paths';

export interface SellerTile {
  id: number;
  name: string;
  image: string | null;
  industry?: string;
}

/** Seller logos, each linking to /seller/{id}. */
export function SellerLogoGrid({ sellers }: { sellers: SellerTile[] }) {
  return (
    <Row xs={2} sm={3} md={4} lg={6} className="g-3 list-unstyled mb-0" as="ul" data-testid="seller-grid">
      {sellers.map((s) => (
        <Col as="li" key={s.id}>
          <Link
            to={paths.seller(s.id)}
            className="seller-tile d-flex flex-column align-items-center text-center h-100 p-3 bg-white border rounded text-reset text-decoration-none"
          >
            <ProductImage
              src={s.image}
              initial={s.name}
              alt=""
              width={120}
              height={120}
              className="rounded-circle seller-logo mb-2"
            />
            <span className="fw-semibold small text-break">{s.name}</span>
            {s.industry && <span className="small text-body-secondary text-break hyphens">{s.industry}</span>}
          </Link>
        </Col>
      ))}
    </Row>
  );
}
