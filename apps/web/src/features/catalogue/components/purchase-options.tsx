import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Product } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import {
  availableFor,
  canAddToCart,
  quantityOptions,
  storesWithStock,
  totalStock,
  type OrderChoice,
} from '../lib/purchase';

export const OWN_PRODUCT_MESSAGE = "Seller accounts can't buy products from their own stores.";

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
      {ownProduct && <Message variant="warning">{OWN_PRODUCT_MESSAGE}</Message>}
      <Form.Group className="mb-3" controlId="order-type">
        <Form.Label>Order type</Form.Label>
        <Form.Select
          value={orderType}
          disabled={disabled}
          onChange={(e) => {
            setOrderType(e.target.value as OrderChoice);
            setStoreId(null);
            setQuantity(0);
          }}
        >
          <option value="none">Choose how to get it</option>
          <option value="online">Online (delivery)</option>
          <option value="inStore" disabled={stores.length === 0}>
            In store (pick-up)
          </option>
        </Form.Select>
      </Form.Group>
      {orderType === 'inStore' && (
        <Form.Group className="mb-3" controlId="order-store">
          <Form.Label>Store</Form.Label>
          <Form.Select
            value={storeId ?? ''}
            disabled={disabled}
            onChange={(e) => {
              setStoreId(e.target.value ? Number(e.target.value) : null);
              setQuantity(0);
            }}
          >
            <option value="">Choose a store</option>
            {stores.map((s) => (
              <option key={s.store} value={s.store}>
                {s.storeName}
                {s.city ? `, ${s.city}` : ''} ({s.number} in stock)
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId="order-quantity">
        <Form.Label>Quantity</Form.Label>
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
      <Button
        className="w-100"
        size="lg"
        disabled={!allowed}
        onClick={() => {
          if (allowed && orderType !== 'none') onAdd(orderType, storeId, quantity);
        }}
      >
        Add to Cart
      </Button>
    </div>
  );
}
