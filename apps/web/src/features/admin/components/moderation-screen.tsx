import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useAdminAction } from '../api/actions';
import { useAdminReviews } from '../api/queries';
import { ReasonForm } from './reason-form';

function IdField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <Form.Group controlId={id} style={{ width: '8rem' }}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control
        size="sm"
        inputMode="numeric"
        pattern="[0-9]+"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Group>
  );
}

function Reviews() {
  const t = useT();
  const [product, setProduct] = useState('');
  const [shown, setShown] = useState('');
  const reviews = useAdminReviews({ product: shown || undefined }, shown !== '');
  const action = useAdminAction();
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{t('admin.moderation.reviews')}</h2>
        <Form
          className="d-flex gap-2 align-items-end mb-2"
          onSubmit={(e) => {
            e.preventDefault();
            setShown(product.trim());
          }}
        >
          <IdField
            id="reviews-product"
            label={t('admin.moderation.productId')}
            value={product}
            onChange={setProduct}
          />
          <Button size="sm" type="submit">
            {t('admin.moderation.showReviews')}
          </Button>
        </Form>
        {action.error && <Message variant="danger">{errorMessage(action.error)}</Message>}
        <ul className="list-unstyled" data-testid="admin-reviews">
          {reviews.data?.results.map((r) => (
            <li key={r.id} className="border-top py-2">
              <div>
                <strong>{r.username}</strong> · {'★'.repeat(r.rating)} · {r.comment}
              </div>
              <ReasonForm
                disabled={action.isPending}
                buttons={[
                  {
                    label: t('admin.moderation.removeReview'),
                    variant: 'outline-danger',
                    onReason: (reason) => action.mutate({ kind: 'remove-review', id: r.id, reason }),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
        {reviews.data?.count === 0 && <p>{t('admin.none')}</p>}
      </Card.Body>
    </Card>
  );
}

/** Hide and show products, suspend and reinstate sellers, remove reviews: each with a reason. */
export function ModerationScreen() {
  const t = useT();
  const [productId, setProductId] = useState('');
  const [sellerId, setSellerId] = useState('');
  const action = useAdminAction();
  const done = action.data as
    { hidden?: boolean; suspended?: boolean; name?: string; username?: string } | undefined;
  return (
    <>
      {action.error && <Message variant="danger">{errorMessage(action.error)}</Message>}
      {done && action.isSuccess && (
        <Message variant="success">
          {done.hidden !== undefined
            ? t(done.hidden ? 'admin.moderation.hidden' : 'admin.moderation.visible', {
                name: done.name ?? '',
              })
            : t(done.suspended ? 'admin.moderation.suspended' : 'admin.moderation.reinstated', {
                name: done.username ?? '',
              })}
        </Message>
      )}
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h5">{t('admin.moderation.products')}</h2>
          <ReasonForm
            disabled={action.isPending}
            buttons={[
              {
                label: t('admin.moderation.hide'),
                variant: 'danger',
                onReason: (reason) => action.mutate({ kind: 'hide', id: Number(productId), reason }),
              },
              {
                label: t('admin.moderation.unhide'),
                variant: 'outline-secondary',
                onReason: (reason) => action.mutate({ kind: 'unhide', id: Number(productId), reason }),
              },
            ]}
          >
            <IdField
              id="moderate-product"
              label={t('admin.moderation.productId')}
              value={productId}
              onChange={setProductId}
            />
          </ReasonForm>
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h5">{t('admin.moderation.sellers')}</h2>
          <ReasonForm
            disabled={action.isPending}
            buttons={[
              {
                label: t('admin.moderation.suspend'),
                variant: 'danger',
                onReason: (reason) => action.mutate({ kind: 'suspend', id: Number(sellerId), reason }),
              },
              {
                label: t('admin.moderation.reinstate'),
                variant: 'outline-secondary',
                onReason: (reason) => action.mutate({ kind: 'reinstate', id: Number(sellerId), reason }),
              },
            ]}
          >
            <IdField
              id="moderate-seller"
              label={t('admin.moderation.sellerId')}
              value={sellerId}
              onChange={setSellerId}
            />
          </ReasonForm>
        </Card.Body>
      </Card>
      <Reviews />
    </>
  );
}
