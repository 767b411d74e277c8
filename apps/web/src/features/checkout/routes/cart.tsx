import { useEffect, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate } from 'react-router';
import {
  FREE_SHIPPING_FROM_RAPPEN,
  missingForFreeShipping,
  quantityChoices,
  type CartItem,
} from '@marktgasse/shared';
import { announce } from '../../../components/announcer';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { moveFocus } from '../../../components/focus';
import { usePageTitle } from '../../../components/page-title';
import { loginFor, paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useCountText } from '../../../i18n/plural';
import { useCart } from '../../../stores/cart';
import { useSession } from '../../../stores/session';
import { noticeText, useCartRecheck, type LineNotice } from '../api/recheck-cart';
import { CartThumb } from '../components/cart-thumb';
import { EmptyCart } from '../components/empty-cart';
import { lineLabel, summarizeCart, type SellerGroup } from '../lib/cart-groups';
import '../checkout.css';

function CartLine({ item, notice }: { item: CartItem; notice: LineNotice | undefined }) {
  const setQuantity = useCart((s) => s.setQuantity);
  const removeItem = useCart((s) => s.removeItem);
  const t = useT();
  const f = useFormat();
  // Like the product page, a huge stock offers the first 100 choices (a select of thousands freezes phones).
  const options = quantityChoices(item.productStock, 1, item.quantity);
  const label = lineLabel(item, t);
  return (
    <ListGroup.Item as="li" className="py-3" data-testid="cart-line">
      <div className="d-flex gap-3 align-items-start">
        <CartThumb src={item.image} alt={item.name} />
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <Row className="g-2 align-items-center">
            <Col xs={12} md={6}>
              <Link to={paths.product(item.id)} className="fw-semibold text-break">
                {item.name}
              </Link>
              <div className="small text-body-secondary">{item.brand}</div>
              <Badge
                bg={item.orderType === 'online' ? 'light' : 'secondary'}
                text={item.orderType === 'online' ? 'dark' : undefined}
                className="fw-normal text-wrap text-start mt-1 border"
              >
                {label}
              </Badge>
            </Col>
            <Col xs={6} md={2} className="fw-semibold">
              {f.money(item.price)}
            </Col>
            <Col xs={6} md={4} className="d-flex align-items-center justify-content-end gap-2">
              <Form.Select
                size="sm"
                className="cart-qty"
                aria-label={t('checkout.cart.quantityOf', { name: item.name })}
                value={item.quantity}
                onChange={(e) => setQuantity(item.id, Number(e.target.value))}
              >
                {options.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Form.Select>
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={t('checkout.cart.remove', { name: item.name })}
                onClick={(event) => {
                  // Focus goes to the quantity of the line that takes this one's place (or the
                  // heading once the cart is empty); the new total is announced by the page.
                  const lines = [...document.querySelectorAll('[data-testid="cart-line"]')];
                  const index = lines.indexOf(event.currentTarget.closest('[data-testid="cart-line"]')!);
                  removeItem(item.id);
                  moveFocus(() => {
                    const rest = document.querySelectorAll<HTMLElement>('[data-testid="cart-line"] select');
                    return rest.length ? rest[Math.min(index, rest.length - 1)] : undefined;
                  });
                }}
              >
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
                  <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z" />
                  <path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z" />
                </svg>
              </Button>
            </Col>
          </Row>
          {notice && (
            <div
              className={`small mt-2 ${notice.blocking ? 'text-danger' : 'text-warning-emphasis'}`}
              role="status"
              data-testid="line-notice"
            >
              {notice.messages.map((m) => noticeText(m, t, f.money)).join(' ')}
            </div>
          )}
        </div>
      </div>
    </ListGroup.Item>
  );
}

/** A seller group's subtotal, its shipping (CHF 20 or free) and how much more makes it free. */
function GroupFooter({ group }: { group: SellerGroup }) {
  const t = useT();
  const f = useFormat();
  const missing = missingForFreeShipping(group.itemsRappen, group.hasOnline);
  return (
    <Card.Footer className="bg-white text-end">
      <div>
        {t('checkout.cart.subtotal')}{' '}
        <strong data-testid="seller-subtotal">{f.money(group.itemsRappen)}</strong>
      </div>
      {group.hasOnline && (
        <div className="small" data-testid="seller-shipping">
          {t('checkout.cart.shipping')}{' '}
          {group.shippingRappen ? (
            f.money(group.shippingRappen)
          ) : (
            <span className="text-success">{t('checkout.cart.shippingFree')}</span>
          )}
        </div>
      )}
      {missing > 0 && (
        <div className="small text-body-secondary" data-testid="seller-free-shipping-hint">
          {t('checkout.cart.toFreeShipping', { amount: f.money(missing), seller: group.seller })}
        </div>
      )}
    </Card.Footer>
  );
}

/** After a quantity change or a removal, the new count and total are announced (not on opening). */
function useAnnounceTotal(text: string) {
  const last = useRef(text);
  useEffect(() => {
    if (last.current !== text) announce(text);
    last.current = text;
  }, [text]);
}

/** Puts a node where the message has its `{count}` placeholder. */
function withCount(text: string, node: ReactNode): ReactNode {
  const [before, after = ''] = text.split('{count}');
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

export function Component() {
  const t = useT();
  const f = useFormat();
  const count = useCountText();
  usePageTitle(t('checkout.cart.title'));
  const navigate = useNavigate();
  const cartItems = useCart((s) => s.cartItems);
  const clear = useCart((s) => s.clear);
  const loggedIn = useSession((s) => !!s.userInfo);
  const { notices, checking } = useCartRecheck();
  const [confirmClear, setConfirmClear] = useState(false);
  const summary = summarizeCart(cartItems);
  const blocked = cartItems.some((i) => notices[i.id]?.blocking);
  useAnnounceTotal(
    `${t('checkout.cart.summary').replace('{count}', String(summary.itemCount))} ${f.money(summary.itemsRappen)}`,
  );

  const proceed = () => {
    const next = summary.hasOnline ? paths.shipping : paths.payment;
    navigate(loggedIn ? next : loginFor(next));
  };

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('checkout.cart.title')}</h1>
        {cartItems.length > 1 && (
          <Button variant="outline-danger" size="sm" onClick={() => setConfirmClear(true)}>
            {t('checkout.cart.clear')}
          </Button>
        )}
      </div>
      <Row className="g-4">
        <Col md={8}>
          {cartItems.length === 0 ? (
            <EmptyCart />
          ) : (
            summary.groups.map((group) => (
              <Card
                key={group.sellerId}
                className="mb-3"
                as="section"
                aria-labelledby={`seller-${group.sellerId}`}
              >
                <Card.Header className="bg-white d-flex justify-content-between align-items-center">
                  <h2 className="h6 mb-0" id={`seller-${group.sellerId}`}>
                    <Link to={paths.seller(group.sellerId)}>{group.seller}</Link>
                  </h2>
                  <span className="small text-body-secondary">
                    {count('checkout.cart.items', group.itemCount)}
                  </span>
                </Card.Header>
                <ListGroup as="ul" variant="flush">
                  {group.items.map((item) => (
                    <CartLine key={item.id} item={item} notice={notices[item.id]} />
                  ))}
                </ListGroup>
                <GroupFooter group={group} />
              </Card>
            ))
          )}
        </Col>
        <Col md={4}>
          <Card className="summary-card">
            <Card.Body>
              <h2 className="h5">
                {withCount(
                  t('checkout.cart.summary'),
                  <span data-testid="cart-count">{summary.itemCount}</span>,
                )}
              </h2>
              <p className="fs-4 fw-semibold mb-2" data-testid="cart-total">
                {f.money(summary.itemsRappen)}
              </p>
              {summary.hasOnline && (
                <dl className="small cart-totals mb-2">
                  <div className="d-flex justify-content-between">
                    <dt className="fw-normal">{t('checkout.cart.shippingTotal')}</dt>
                    <dd className="mb-0" data-testid="cart-shipping">
                      {f.money(summary.shippingRappen)}
                    </dd>
                  </div>
                  <div className="d-flex justify-content-between fw-semibold">
                    <dt>{t('checkout.cart.totalWithShipping')}</dt>
                    <dd className="mb-0" data-testid="cart-total-with-shipping">
                      {f.money(summary.totalRappen)}
                    </dd>
                  </div>
                </dl>
              )}
              {summary.showFreeShippingNote && (
                <p className="small text-success mb-3">
                  {t('checkout.cart.freeShipping', {
                    amount: f.money(FREE_SHIPPING_FROM_RAPPEN).replace(' ', '\u00a0'),
                  })}
                </p>
              )}
              {blocked && (
                <p className="small text-danger" role="alert">
                  {t('checkout.cart.blocked')}
                </p>
              )}
              {checking && cartItems.length > 0 && (
                <p className="small text-body-secondary" role="status">
                  {t('checkout.cart.checking')}
                </p>
              )}
              <Button className="w-100" disabled={cartItems.length === 0 || blocked} onClick={proceed}>
                {t('checkout.cart.proceed')}
              </Button>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <ConfirmDialog
        show={confirmClear}
        title={t('checkout.cart.clearTitle')}
        body={t('checkout.cart.clearBody')}
        onConfirm={() => {
          clear();
          moveFocus(() => null);
        }}
        onClose={() => setConfirmClear(false)}
      />
    </Container>
  );
}
