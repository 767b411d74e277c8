/**
 * Moderation (moderation permission): find a product or a seller by name, number or seller and
 * act on it from the list (hide or show, suspend or reinstate, approve a seller awaiting approval,
 * each with a reason in a dialog);
 * the reviews of a product picked from the list, or the newest of all, can be removed.
 */
import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useCountText } from '../../../i18n/plural';
import { errorMessage } from '../../../lib/api-client';
import { useAdminAction } from '../api/actions';
import { useAdminProducts, useAdminReviews, useAdminSellers } from '../api/queries';
import { ActionDialog } from './action-dialog';
import { Pager } from './pager';

const LIMIT = 10;

/** A search field and a state filter that apply on submit (and at once on a filter change). */
function Finder({
  id,
  label,
  states,
  onFind,
}: {
  id: string;
  label: string;
  states: { value: string; label: string }[];
  onFind: (search: string, state: string) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [state, setState] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFind(search.trim(), state);
  };
  return (
    <Form onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-end mb-2" role="search">
      <Form.Group controlId={`${id}-search`} className="flex-grow-1" style={{ minWidth: '12rem' }}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Control type="search" size="sm" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Form.Group>
      <Form.Group controlId={`${id}-state`}>
        <Form.Label className="small mb-1">{t('admin.moderation.show')}</Form.Label>
        <Form.Select
          size="sm"
          value={state}
          onChange={(e) => {
            setState(e.target.value);
            onFind(search.trim(), e.target.value);
          }}
        >
          <option value="">{t('admin.all')}</option>
          {states.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button size="sm" type="submit">
        {t('admin.moderation.find')}
      </Button>
    </Form>
  );
}

function Products({ onReviews }: { onReviews: (product: { id: number; name: string }) => void }) {
  const t = useT();
  const [query, setQuery] = useState({ search: '', hidden: '' });
  const [offset, setOffset] = useState(0);
  const products = useAdminProducts({
    search: query.search || undefined,
    hidden: query.hidden || undefined,
    offset,
    limit: LIMIT,
  });
  const action = useAdminAction();
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{t('admin.moderation.products')}</h2>
        <Finder
          id="products"
          label={t('admin.moderation.findProduct')}
          states={[
            { value: 'false', label: t('admin.moderation.visibleOnes') },
            { value: 'true', label: t('admin.moderation.hiddenOnes') },
          ]}
          onFind={(search, hidden) => {
            setQuery({ search, hidden });
            setOffset(0);
          }}
        />
        {products.error && <Message variant="danger">{errorMessage(products.error)}</Message>}
        {!products.data ? (
          <Loader />
        ) : (
          <ul className="list-unstyled mb-0" data-testid="admin-products">
            {products.data.results.map((p) => (
              <li key={p.id} className="border-top py-2 d-flex flex-wrap gap-2 align-items-center">
                <div className="flex-grow-1" style={{ minWidth: '14rem' }}>
                  <strong>{p.name}</strong> <span className="text-body-secondary">#{p.id}</span>
                  <div className="small text-body-secondary">
                    {p.brand} · {p.seller_name}
                    {p.hidden && (
                      <>
                        {' · '}
                        <Badge bg="danger">{t('admin.moderation.hiddenBadge')}</Badge> {p.hidden_reason}
                      </>
                    )}
                  </div>
                </div>
                <Button size="sm" variant="outline-secondary" onClick={() => onReviews(p)}>
                  {t('admin.moderation.reviewsOf')}
                </Button>
                <ActionDialog
                  opener={t(p.hidden ? 'admin.moderation.unhide' : 'admin.moderation.hide')}
                  title={t(p.hidden ? 'admin.moderation.unhideTitle' : 'admin.moderation.hideTitle', {
                    name: p.name,
                  })}
                  confirm={t(p.hidden ? 'admin.moderation.unhide' : 'admin.moderation.hide')}
                  variant={p.hidden ? 'primary' : 'danger'}
                  onSubmit={(reason) =>
                    action.mutateAsync({ kind: p.hidden ? 'unhide' : 'hide', id: p.id, reason })
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {products.data?.count === 0 && <p>{t('admin.none')}</p>}
        {products.data && products.data.count > LIMIT && (
          <Pager
            offset={offset}
            limit={LIMIT}
            count={products.data.count}
            next={products.data.next}
            onOffset={setOffset}
          />
        )}
      </Card.Body>
    </Card>
  );
}

function Sellers() {
  const t = useT();
  const format = useFormat();
  const counted = useCountText();
  const [query, setQuery] = useState({ search: '', state: '' });
  const [offset, setOffset] = useState(0);
  const sellers = useAdminSellers({
    search: query.search || undefined,
    status: query.state || undefined,
    offset,
    limit: LIMIT,
  });
  const action = useAdminAction();
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{t('admin.moderation.sellers')}</h2>
        <Finder
          id="sellers"
          label={t('admin.moderation.findSeller')}
          states={[
            { value: 'pending', label: t('admin.moderation.pendingOnes') },
            { value: 'active', label: t('admin.moderation.activeOnes') },
            { value: 'suspended', label: t('admin.moderation.suspendedOnes') },
          ]}
          onFind={(search, state) => {
            setQuery({ search, state });
            setOffset(0);
          }}
        />
        {sellers.error && <Message variant="danger">{errorMessage(sellers.error)}</Message>}
        {!sellers.data ? (
          <Loader />
        ) : (
          <ul className="list-unstyled mb-0" data-testid="admin-sellers">
            {sellers.data.results.map((s) => (
              <li key={s.id} className="border-top py-2 d-flex flex-wrap gap-2 align-items-center">
                <div className="flex-grow-1" style={{ minWidth: '14rem' }}>
                  <strong>{s.name}</strong> <span className="text-body-secondary">#{s.id}</span>
                  <div className="small text-body-secondary text-break">
                    {s.username} · {s.email} · {counted('admin.moderation.productCount', s.products)} ·{' '}
                    {format.date(s.date_joined)}
                    {s.suspended && (
                      <>
                        {' · '}
                        <Badge bg="danger">{t('admin.moderation.suspendedBadge')}</Badge> {s.suspended_reason}
                      </>
                    )}
                    {s.status === 'pending' && (
                      <>
                        {' · '}
                        <Badge bg="warning" text="dark">
                          {t('admin.moderation.pendingBadge')}
                        </Badge>
                      </>
                    )}
                  </div>
                </div>
                {s.status === 'pending' && (
                  <ActionDialog
                    opener={t('admin.moderation.approve')}
                    title={t('admin.moderation.approveTitle', { name: s.name })}
                    confirm={t('admin.moderation.approve')}
                    variant="success"
                    optionalReason
                    onSubmit={(reason) => action.mutateAsync({ kind: 'approve', id: s.id, reason })}
                  >
                    <p>{t('admin.moderation.approveBody')}</p>
                  </ActionDialog>
                )}
                <ActionDialog
                  opener={t(s.suspended ? 'admin.moderation.reinstate' : 'admin.moderation.suspend')}
                  title={t(
                    s.suspended ? 'admin.moderation.reinstateTitle' : 'admin.moderation.suspendTitle',
                    {
                      name: s.name,
                    },
                  )}
                  confirm={t(s.suspended ? 'admin.moderation.reinstate' : 'admin.moderation.suspend')}
                  variant={s.suspended ? 'primary' : 'danger'}
                  onSubmit={(reason) =>
                    action.mutateAsync({ kind: s.suspended ? 'reinstate' : 'suspend', id: s.id, reason })
                  }
                >
                  {!s.suspended && <p>{t('admin.moderation.suspendBody')}</p>}
                </ActionDialog>
              </li>
            ))}
          </ul>
        )}
        {sellers.data?.count === 0 && <p>{t('admin.none')}</p>}
        {sellers.data && sellers.data.count > LIMIT && (
          <Pager
            offset={offset}
            limit={LIMIT}
            count={sellers.data.count}
            next={sellers.data.next}
            onOffset={setOffset}
          />
        )}
      </Card.Body>
    </Card>
  );
}

function Reviews({ product, onAll }: { product: { id: number; name: string } | null; onAll: () => void }) {
  const t = useT();
  const format = useFormat();
  const [offset, setOffset] = useState(0);
  const reviews = useAdminReviews({ product: product?.id, offset, limit: LIMIT }, true);
  const action = useAdminAction();
  return (
    <Card className="mb-3" id="admin-reviews-card">
      <Card.Body>
        <h2 className="h5">
          {product
            ? t('admin.moderation.reviewsOfProduct', { name: product.name })
            : t('admin.moderation.reviews')}
        </h2>
        {product && (
          <Button size="sm" variant="link" className="px-0" onClick={onAll}>
            {t('admin.moderation.allReviews')}
          </Button>
        )}
        <ul className="list-unstyled mb-0" data-testid="admin-reviews">
          {reviews.data?.results.map((r) => (
            <li key={r.id} className="border-top py-2 d-flex flex-wrap gap-2 align-items-center">
              <div className="flex-grow-1" style={{ minWidth: '14rem' }}>
                <strong>{r.username}</strong> ·{' '}
                <span role="img" aria-label={t('admin.moderation.stars', { count: r.rating })}>
                  {'★'.repeat(r.rating)}
                </span>{' '}
                · {format.date(r.createdAt)}
                {!product && (
                  <span className="text-body-secondary">
                    {' '}
                    · {r.product_name} #{r.product}
                  </span>
                )}
                <div>{r.comment}</div>
              </div>
              <ActionDialog
                opener={t('admin.moderation.removeReview')}
                title={t('admin.moderation.removeReviewTitle', { name: r.username })}
                confirm={t('admin.moderation.removeReview')}
                onSubmit={(reason) => action.mutateAsync({ kind: 'remove-review', id: r.id, reason })}
              >
                <blockquote className="border-start ps-2">{r.comment}</blockquote>
              </ActionDialog>
            </li>
          ))}
        </ul>
        {reviews.data?.count === 0 && <p>{t('admin.none')}</p>}
        {reviews.data && reviews.data.count > LIMIT && (
          <Pager
            offset={offset}
            limit={LIMIT}
            count={reviews.data.count}
            next={reviews.data.next}
            onOffset={setOffset}
          />
        )}
      </Card.Body>
    </Card>
  );
}

export function ModerationScreen() {
  const [reviewsOf, setReviewsOf] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <Products
        onReviews={(p) => {
          setReviewsOf({ id: p.id, name: p.name });
          document.getElementById('admin-reviews-card')?.scrollIntoView({ behavior: 'smooth' });
        }}
      />
      <Sellers />
      <Reviews product={reviewsOf} onAll={() => setReviewsOf(null)} />
    </>
  );
}
