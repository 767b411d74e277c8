import Badge from 'react-bootstrap/Badge';
import type { Review } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { Rating } from '../../../components/rating';

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <Message variant="secondary">No Reviews</Message>;
  return (
    <ul className="list-group mb-4" data-testid="review-list">
      {reviews.map((r) => (
        <li key={r.id} className="list-group-item py-3">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <strong>{r.name}</strong>
            {r.verified && (
              <Badge bg="success" className="fw-normal">
                Verified purchase
              </Badge>
            )}
            <span className="small text-body-secondary ms-auto">{r.createdAt.slice(0, 10)}</span>
          </div>
          <Rating value={r.rating} />
          {r.comment && <p className="mb-0 mt-2 text-pre-line">{r.comment}</p>}
        </li>
      ))}
    </ul>
  );
}
