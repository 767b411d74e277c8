import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { PageLink as Link } from '../../../components/page-link';
import type { Role } from '@marktgasse/shared';
import { useT } from '../../../i18n';
import { moveFocus } from '../../../components/focus';
import { Message } from '../../../components/message';
import { loginFor } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useCreateReview } from '../api/reviews';
import { REVIEW_COMMENT_LIMIT, REVIEW_RATINGS } from '../lib/limits';

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
  const t = useT();
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateReview(productId);

  if (!signedIn)
    return (
      <Message variant="info">
        {t('catalogue.review.login')} — <Link to={loginFor(`/product/${productId}`)}>{t('nav.signIn')}</Link>
      </Message>
    );
  if (role !== 'CUSTOMER') return <Message variant="info">{t('catalogue.review.customersOnly')}</Message>;

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
          // Submit is disabled again (no rating chosen): focus and announce the confirmation.
          moveFocus(() => document.getElementById('review-submitted'), {
            say: t('catalogue.review.submitted'),
            fallback: '#reviews-heading, #main h1',
          });
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-labelledby="review-form-heading">
      <h3 id="review-form-heading" className="h6">
        {t('catalogue.review.heading')}
      </h3>
      {submitted && (
        <Message variant="success" id="review-submitted" live={false}>
          {t('catalogue.review.submitted')}
        </Message>
      )}
      {create.error && <Message variant="danger">{errorMessage(create.error)}</Message>}
      <Form.Group className="mb-3" controlId="review-rating">
        <Form.Label>{t('catalogue.review.rating')}</Form.Label>
        <Form.Select value={rating} onChange={(e) => setRating(e.target.value)} required>
          <option value="">{t('catalogue.review.select')}</option>
          {REVIEW_RATINGS.map((value) => (
            <option key={value} value={value}>
              {value} - {t(`catalogue.review.rating${value}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="review-comment">
        <Form.Label>{t('catalogue.review.comment')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={comment}
          maxLength={REVIEW_COMMENT_LIMIT}
          onChange={(e) => setComment(e.target.value)}
        />
      </Form.Group>
      <Button type="submit" disabled={create.isPending || !rating}>
        {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('catalogue.review.submit')}
      </Button>
    </Form>
  );
}
