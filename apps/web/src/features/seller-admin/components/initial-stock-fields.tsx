/**
 * Add Product's optional stock per store: one number per store of the seller, sent with the
 * product as `initialStocks` so that it is on sale in one step. Empty fields set nothing.
 */
import Form from 'react-bootstrap/Form';
import { errorProps, FieldFeedback } from '../../../components/form-field';
import { useT } from '../../../i18n';
import { useMyStores } from '../api/stores';

export type StockInputs = Record<number, string>;

const WHOLE = /^\s*\d{1,7}\s*$/;

/** The stores whose field does not hold a whole number from 0 to 1,000,000 (empty is fine). */
export function invalidStockStores(inputs: StockInputs): number[] {
  return Object.entries(inputs)
    .filter(([, v]) => v.trim() !== '' && !(WHOLE.test(v) && Number(v) <= 1_000_000))
    .map(([id]) => Number(id));
}

/** The `initialStocks` field of the request: the filled-in stores only. */
export function initialStocksJson(inputs: StockInputs): string | null {
  const list = Object.entries(inputs)
    .filter(([, v]) => v.trim() !== '')
    .map(([store, v]) => ({ store: Number(store), number: Number(v) }));
  return list.length ? JSON.stringify(list) : null;
}

export const stockFieldId = (storeId: number) => `initial-stock-${storeId}`;

export function InitialStockFields({
  inputs,
  invalid,
  onChange,
}: {
  inputs: StockInputs;
  invalid: number[];
  onChange(storeId: number, value: string): void;
}) {
  const t = useT();
  const stores = useMyStores();
  if (!stores.data?.length) return null;
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold mb-1">{t('seller.initialStock.title')}</legend>
      <p className="small text-body-secondary" id="initial-stock-help">
        {t('seller.initialStock.help')}
      </p>
      {stores.data.map((store) => {
        const id = stockFieldId(store.id);
        const error = invalid.includes(store.id) ? t('seller.initialStock.invalid') : undefined;
        return (
          <Form.Group key={store.id} className="mb-2" controlId={id}>
            <Form.Label className="small mb-1">
              {t('seller.initialStock.label', { store: store.name })}
            </Form.Label>
            <Form.Control
              value={inputs[store.id] ?? ''}
              inputMode="numeric"
              placeholder="0"
              onChange={(e) => onChange(store.id, e.target.value)}
              {...errorProps(id, error, 'initial-stock-help')}
            />
            <FieldFeedback id={id} error={error} />
          </Form.Group>
        );
      })}
    </fieldset>
  );
}
