import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { RATING_LABELS, REVIEW_COMMENT_MAX, type Role } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { loginFor } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCreateReview } from '../api/reviews';

export const LOGIN_TO_REVIEW = 'Please login to write a review';
export const CUSTOMERS_ONLY = 'Only users with a customer profile can write a review';

/** The review form, shown only to signed-in customers (spec §5, §6). */
export function ReviewForm({
  productId,
  signedIn,
  role,
}: {
  productId: number;
  signedIn: boolean;
  role: Role | null;
}) {
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateReview(productId);

  if (!signedIn)
    return (
      <Message variant="info">
        {LOGIN_TO_REVIEW} — <Link to={loginFor(`/product/${productId}`)}>Sign In</Link>
      </Message>
    );
  if (role !== 'CUSTOMER') return <Message variant="info">{CUSTOMERS_ONLY}</Message>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(false);
    create.mutate(
      { rating: Number(rating), comment: comment.trim() },
      {
        onSuccess: () => {
          setSubmitted(true);
          setRating('');
          setComment('');
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-labelledby="review-form-heading">
      <h3 id="review-form-heading" className="h6">
        Write a review
      </h3>
      {submitted && <Message variant="success">Review Submitted</Message>}
      {create.error && <Message variant="danger">{errorMessage(create.error)}</Message>}
      <Form.Group className="mb-3" controlId="review-rating">
        <Form.Label>Rating</Form.Label>
        <Form.Select value={rating} onChange={(e) => setRating(e.target.value)} required>
          <option value="">Select…</option>
          {Object.entries(RATING_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {value} - {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="review-comment">
        <Form.Label>Comment</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={comment}
          maxLength={REVIEW_COMMENT_MAX}
          onChange={(e) => setComment(e.target.value)}
        />
      </Form.Group>
      <Button type="submit" disabled={create.isPending || !rating}>
        {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Submit
      </Button>
    </Form>
  );
}
