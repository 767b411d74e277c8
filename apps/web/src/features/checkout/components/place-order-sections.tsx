/**
 * The parts of Place Order: where it is shipped, where it is picked up, how it is paid, the
 * items per seller with their shipping and subtotal, and the summary with the Place Order button.
 */
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { parseRappen, type PaymentMethod, type ShippingAddress } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { SummaryRow } from '../../../components/summary-row';
import { loginFor, paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useCountText } from '../../../i18n/plural';
import { postalLine } from '../../../lib/place-line';
import { PAYMENT_LABELS } from '../lib/payment-labels';
import { lineLabel, type CartSummary, type PickupLocation, type SellerGroup } from '../lib/cart-groups';
import { CartThumb } from './cart-thumb';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ListGroup.Item className="py-3">
      <h2 className="h5">{title}</h2>
      {children}
    </ListGroup.Item>
  );
}

export function ShippingSection({ address }: { address: ShippingAddress }) {
  const t = useT();
  return (
    <Section title={t('checkout.place.shipping')}>
      {address.name && (
        <p className="mb-1">
          <strong>{t('checkout.place.recipient')} </strong>
          {address.name}
        </p>
      )}
      <p className="mb-0">
        <strong>{t('checkout.place.address')} </strong>
        {postalLine(address)}
      </p>
      {address.phone && (
        <p className="mb-0 mt-1">
          <strong>{t('checkout.place.phone')} </strong>
          {address.phone}
        </p>
      )}
    </Section>
  );
}

/** Per seller, the stores to collect from and how many products wait in each. */
export function PickupSection({ pickups }: { pickups: PickupLocation[] }) {
  const t = useT();
  const count = useCountText();
  return (
    <Section title={t('checkout.place.pickupLocations')}>
      <ul className="list-unstyled mb-0">
        {pickups.map((p) => (
          <li key={p.sellerId} className="mb-1">
            <strong>{p.seller}: </strong>
            {p.stores.map((s, i) => (
              <span key={s.storeId ?? i}>
                {i > 0 && '; '}
                {s.storeName} ({count('checkout.place.products', s.count)})
              </span>
            ))}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function PaymentSection({ method }: { method: string }) {
  const t = useT();
  return (
    <Section title={t('checkout.place.paymentMethod')}>
      <p className="mb-0">
        <strong>{t('checkout.place.method')} </strong>
        {method in PAYMENT_LABELS ? t(PAYMENT_LABELS[method as PaymentMethod]) : method}
      </p>
    </Section>
  );
}

/** One seller's lines, then its shipping (when something is shipped) and subtotal. */
export function SellerGroupItems({ group }: { group: SellerGroup }) {
  const t = useT();
  const f = useFormat();
  return (
    <section
      className="mb-3 border rounded"
      aria-label={t('checkout.place.itemsFrom', { seller: group.seller })}
    >
      <h3 className="h6 px-3 pt-3 mb-2">
        <Link to={paths.seller(group.sellerId)}>{group.seller}</Link>
      </h3>
      <ListGroup variant="flush">
        {group.items.map((item) => (
          <ListGroup.Item key={item.id} className="d-flex gap-3 align-items-center">
            <CartThumb src={item.image} alt={item.name} />
            <Row className="flex-grow-1 g-1 align-items-center" style={{ minWidth: 0 }}>
              <Col xs={12} md={7}>
                <Link to={paths.product(item.id)} className="text-break">
                  {item.name}
                </Link>
                <div className="small text-body-secondary">{lineLabel(item, t)}</div>
              </Col>
              <Col xs={12} md={5} className="text-md-end small">
                {f.number(item.quantity)} × {f.money(item.price)} ={' '}
                <strong>{f.money((parseRappen(item.price) ?? 0) * item.quantity)}</strong>
              </Col>
            </Row>
          </ListGroup.Item>
        ))}
        {group.hasOnline && (
          <ListGroup.Item className="d-flex justify-content-between small">
            <span>{t('checkout.summary.shipping')}</span>
            <span data-testid="seller-shipping">
              {group.shippingRappen === 0 ? t('checkout.place.freeShipping') : f.money(group.shippingRappen)}
            </span>
          </ListGroup.Item>
        )}
        <ListGroup.Item className="d-flex justify-content-between">
          <span>{t('checkout.place.subtotal')}</span>
          <strong data-testid="seller-subtotal">{f.money(group.itemsRappen + group.shippingRappen)}</strong>
        </ListGroup.Item>
      </ListGroup>
    </section>
  );
}

/** Sellers, items, price, shipping and total, then Place Order (once signed in). */
export function PlaceOrderSummary({
  summary,
  loggedIn,
  error,
  placing,
  disabled,
  onPlace,
}: {
  summary: CartSummary;
  loggedIn: boolean;
  /** Why the last attempt failed. */
  error: string | null;
  placing: boolean;
  disabled: boolean;
  onPlace: () => void;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <Card className="summary-card">
      <Card.Header as="h2" className="h5 bg-white py-3">
        {t('checkout.summary.title')}
      </Card.Header>
      <ListGroup variant="flush">
        <SummaryRow
          label={t('checkout.summary.sellers')}
          value={f.number(summary.groups.length)}
          testId="summary-sellers"
        />
        <SummaryRow
          label={t('checkout.summary.items')}
          value={f.number(summary.itemCount)}
          testId="summary-items"
        />
        <SummaryRow
          label={t('checkout.summary.price')}
          value={f.money(summary.itemsRappen)}
          testId="summary-price"
        />
        <SummaryRow
          label={t('checkout.summary.shipping')}
          value={f.money(summary.shippingRappen)}
          testId="summary-shipping"
        />
        <SummaryRow
          label={t('checkout.summary.total')}
          value={f.money(summary.totalRappen)}
          strong
          testId="summary-total"
        />
        {!loggedIn && (
          <ListGroup.Item>
            <Message variant="warning" className="mb-0">
              {t('checkout.place.loginFirst')}{' '}
              <Link to={loginFor(paths.placeOrder)} className="ms-1">
                {t('nav.signIn')}
              </Link>
            </Message>
          </ListGroup.Item>
        )}
        {error && (
          <ListGroup.Item>
            <Message variant="danger" className="mb-0">
              {error}{' '}
              <Link to={paths.cart} className="ms-1">
                {t('checkout.place.backToCart')}
              </Link>
            </Message>
          </ListGroup.Item>
        )}
        <ListGroup.Item className="py-3">
          <Button className="w-100" disabled={disabled} onClick={onPlace}>
            {placing ? t('checkout.place.placing') : t('checkout.place.button')}
          </Button>
        </ListGroup.Item>
      </ListGroup>
    </Card>
  );
}
