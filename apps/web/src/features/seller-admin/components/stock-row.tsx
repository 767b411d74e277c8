/**
 * One stock row (spec §4 Stock row): view mode, then edit mode with a numeric input, then
 * save (creates the stock record when there is none, otherwise updates it). Delete sets the
 * number to 0 after a confirmation and is disabled when the number is already 0.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MAX_STOCK, type Product, type Store } from '@marktgasse/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { moveFocus } from '../../../components/focus';
import { FieldFeedback, errorProps } from '../../../components/form-field';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSaveStock } from '../api/stocks';

interface Props {
  /** Leading cells (product or store). */
  children: ReactNode;
  product: Pick<Product, 'id' | 'brand' | 'name'>;
  store: Pick<Store, 'id' | 'name'>;
  /** The stock record, when the store has one for the product. */
  stock: { id: number; number: number } | undefined;
  columns: number;
}

/** The actions column's header of the seller's tables (named for screen readers only). */
export function ActionsHeader() {
  const t = useT();
  return (
    <th scope="col" className="text-end">
      <span className="visually-hidden">{t('seller.col.actions')}</span>
    </th>
  );
}

export function StockRow({ children, product, store, stock, columns }: Props) {
  const number = stock?.number ?? 0;
  const pair = { stockId: stock?.id, store: store.id, product: product.id };
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(number));
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveStock();
  const inputId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const t = useT();
  // How the row is named for assistive technology, e.g. 'Sennerei Bergkäse in Laden Bern'.
  const label = t('seller.stock.rowLabel', {
    product: `${product.brand} ${product.name}`,
    store: store.name,
  });

  function startEdit() {
    setValue(String(number));
    setInvalid(false);
    save.reset();
    setEditing(true);
  }

  /** Leaves edit mode with focus back on this row's Edit button; `said` is announced. */
  function stopEdit(said?: string) {
    setEditing(false);
    moveFocus(() => editButton.current, { say: said });
  }

  function submit() {
    const trimmed = value.trim();
    const parsed = Number(trimmed);
    if (!/^\d+$/.test(trimmed) || !Number.isInteger(parsed) || parsed < 0 || parsed > MAX_STOCK) {
      setInvalid(true);
      return;
    }
    save.mutate(
      { ...pair, number: parsed },
      { onSuccess: () => stopEdit(`${t('seller.stock.of', { label })}: ${parsed}`) },
    );
  }

  return (
    <>
      <tr>
        {children}
        <td>
          {editing ? (
            <Form
              noValidate
              className="d-flex flex-wrap align-items-start gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <div>
                <Form.Label htmlFor={inputId} className="visually-hidden">
                  {t('seller.stock.of', { label })}
                </Form.Label>
                <Form.Control
                  id={inputId}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_STOCK}
                  step={1}
                  size="sm"
                  style={{ width: '7rem' }}
                  value={value}
                  {...errorProps(inputId, invalid ? t('seller.stock.numberRule') : undefined)}
                  autoFocus
                  onChange={(e) => {
                    setValue(e.target.value);
                    setInvalid(false);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') stopEdit();
                  }}
                />
                <FieldFeedback id={inputId} error={invalid ? t('seller.stock.numberRule') : undefined} />
              </div>
              <Button type="submit" size="sm" variant="primary" disabled={save.isPending}>
                {t('seller.save')}
              </Button>
              <Button type="button" size="sm" variant="outline-secondary" onClick={() => stopEdit()}>
                {t('seller.cancel')}
              </Button>
            </Form>
          ) : (
            <Badge bg={number > 0 ? 'success' : 'danger'} className="fs-6">
              {number}
            </Badge>
          )}
        </td>
        <td className="text-end">
          <div className="d-inline-flex flex-wrap justify-content-end gap-2">
            {!editing && (
              <Button ref={editButton} size="sm" variant="outline-primary" onClick={startEdit}>
                {t('seller.edit')}
                <span className="visually-hidden"> {t('seller.stock.editOf', { label })}</span>
              </Button>
            )}
            <Button
              size="sm"
              variant="outline-danger"
              disabled={number === 0 || save.isPending}
              onClick={() => setConfirming(true)}
            >
              {t('seller.delete')}
              <span className="visually-hidden"> {t('seller.stock.deleteOf', { label })}</span>
            </Button>
          </div>
        </td>
      </tr>
      {save.isError && (
        <tr>
          <td colSpan={columns} className="border-0 pt-0">
            <div role="alert" className="alert alert-danger py-2 mb-0">
              {errorMessage(save.error)}
            </div>
          </td>
        </tr>
      )}
      <ConfirmDialog
        show={confirming}
        title={t('seller.stock.deleteTitle')}
        body={t('seller.stock.deleteBody', { label })}
        onClose={() => setConfirming(false)}
        // Delete disables itself (the number is 0): focus goes to the row's Edit button.
        onConfirm={() =>
          save.mutate(
            { ...pair, number: 0 },
            {
              onSuccess: () =>
                moveFocus(() => editButton.current, { say: `${t('seller.stock.of', { label })}: 0` }),
            },
          )
        }
      />
    </>
  );
}
