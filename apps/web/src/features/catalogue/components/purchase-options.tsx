import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Product } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { useLocale, useT } from '../../../i18n';
import { useCountText } from '../../../i18n/plural';
import {
  availableFor,
  canAddToCart,
  quantityOptions,
  storeOptionText,
  storeStockText,
  storesWithStock,
  totalStock,
  type OrderChoice,
} from '../lib/purchase';

/**
 * Order type none / online / inStore (with a store), quantity 0..available, Add to Cart.
 * Choosing an order type or a store resets the quantity to 0 (spec §4).
 */
export function PurchaseOptions({
  product,
  ownProduct,
  onAdd,
}: {
  product: Product;
  ownProduct: boolean;
  onAdd: (orderType: 'online' | 'inStore', storeId: number | null, quantity: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const count = useCountText();
  const [orderType, setOrderType] = useState<OrderChoice>('none');
  const [storeId, setStoreId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(0);
  const stores = storesWithStock(product);
  const noStock = totalStock(product) === 0;
  const disabled = ownProduct || noStock;
  const available = availableFor(product, orderType, storeId);
  const allowed = canAddToCart({ product, orderType, storeId, quantity, ownProduct });

  return (
    <div className="purchase-options">
      {ownProduct && <Message variant="warning">{t('catalogue.purchase.ownProduct')}</Message>}
      <Form.Group className="mb-3" controlId="order-type">
        <Form.Label>{t('catalogue.purchase.orderType')}</Form.Label>
        <Form.Select
          value={orderType}
          disabled={disabled}
          onChange={(e) => {
            setOrderType(e.target.value as OrderChoice);
            setStoreId(null);
            setQuantity(0);
          }}
        >
          <option value="none">{t('catalogue.purchase.choose')}</option>
          <option value="online">{t('catalogue.purchase.online')}</option>
          <option value="inStore" disabled={stores.length === 0}>
            {t('catalogue.purchase.inStore')}
          </option>
        </Form.Select>
      </Form.Group>
      {orderType === 'none' && stores.length > 0 && (
        <div className="small mb-3" data-testid="stores-with-stock">
          <p className="mb-1 text-body-secondary">{count('catalogue.purchase.pickupIn', stores.length)}</p>
          <ul className="list-unstyled mb-0">
            {stores.map((s) => (
              <li key={s.store}>{storeOptionText(t, locale, s)}</li>
            ))}
          </ul>
        </div>
      )}
      {orderType === 'inStore' && (
        // Radios, not a select: a store's name (often the seller's name and a town) and its stock
        // are longer than a closed select shows in the purchase column, and two stores of one
        // seller differ only at the end. Each choice wraps and is read whole.
        <fieldset className="mb-3" data-testid="order-store">
          <legend className="form-label fs-6 mb-2">{t('catalogue.purchase.store')}</legend>
          {stores.map((s) => (
            <Form.Check
              key={s.store}
              type="radio"
              id={`order-store-${s.store}`}
              name="order-store"
              value={s.store}
              className="store-choice"
              disabled={disabled}
              checked={storeId === s.store}
              onChange={() => {
                setStoreId(s.store);
                setQuantity(0);
              }}
              label={
                <>
                  <span className="fw-semibold">{s.storeName}</span>
                  <span className="d-block small text-body-secondary">{storeStockText(t, locale, s)}</span>
                </>
              }
            />
          ))}
        </fieldset>
      )}
      <Form.Group className="mb-3" controlId="order-quantity">
        <Form.Label>{t('catalogue.purchase.quantity')}</Form.Label>
        <Form.Select
          value={quantity}
          disabled={disabled || available === 0}
          onChange={(e) => setQuantity(Number(e.target.value))}
        >
          {quantityOptions(available).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {/* On a phone the button stays at the bottom of the screen (catalogue.css); one button, not two. */}
      <div className="purchase-bar" data-testid="purchase-bar">
        {!allowed && !disabled && (
          <p className="purchase-bar-hint small mb-1 text-body-secondary">
            {t('catalogue.purchase.chooseFirst')}
          </p>
        )}
        <Button
          className="w-100"
          size="lg"
          disabled={!allowed}
          onClick={() => {
            if (allowed && orderType !== 'none') onAdd(orderType, storeId, quantity);
          }}
        >
          {t('catalogue.purchase.add')}
        </Button>
      </div>
    </div>
  );
}
