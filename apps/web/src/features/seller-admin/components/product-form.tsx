/**
 * The product form in field groups: what it is (brand, name, price, description), its picture
 * and where it is listed (category, subcategory). Add Product shows it empty; an edit form,
 * filled in.
 */
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { VAT_RATES } from '@marktgasse/shared';
import { useCategoryLabel } from '../../../components/categories/category-label';
import { errorProps, FieldFeedback, ImageField, TextField } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useCategories } from '../../catalogue/api/categories';
import { productFieldId, type ProductForm as ProductFormState } from '../hooks/use-product-form';
import type { ProductFormValues } from '../lib/product-form';
import { FormActions } from './form-actions';

/** Brand, name, price and description. */
export function ProductDetailsFields({ form }: { form: ProductFormState }) {
  const t = useT();
  const priceId = productFieldId('price');
  const priceError = form.errors.message('price');
  return (
    <>
      <TextField
        id={productFieldId('brand')}
        label={t('seller.field.brand')}
        value={form.values.brand}
        onValueChange={(value) => form.set('brand', value)}
        error={form.errors.message('brand')}
        required
      />
      <TextField
        id={productFieldId('name')}
        label={t('seller.field.name')}
        value={form.values.name}
        onValueChange={(value) => form.set('name', value)}
        error={form.errors.message('name')}
        required
      />
      <Form.Group className="mb-3" controlId={priceId}>
        <Form.Label>{t('seller.field.price')}</Form.Label>
        <InputGroup hasValidation>
          <InputGroup.Text>CHF</InputGroup.Text>
          <Form.Control
            value={form.values.price}
            required
            inputMode="decimal"
            placeholder={t('seller.field.pricePlaceholder')}
            onChange={(e) => form.set('price', e.target.value)}
            {...errorProps(priceId, priceError)}
          />
          <FieldFeedback id={priceId} error={priceError} />
        </InputGroup>
      </Form.Group>
      <TextField
        id={productFieldId('description')}
        label={t('seller.field.description')}
        as="textarea"
        rows={4}
        value={form.values.description}
        onValueChange={(value) => form.set('description', value)}
        error={form.errors.message('description')}
      />
    </>
  );
}

/** Category, then the subcategories of the chosen one. */
export function ProductCategoryFields({ form }: { form: ProductFormState }) {
  const t = useT();
  const label = useCategoryLabel();
  const categories = useCategories();
  const chosen = categories.data?.find((c) => String(c.id) === form.values.category);
  const categoryId = productFieldId('category');
  const subcategoryId = productFieldId('subcategory');
  const categoryError = form.errors.message('category');
  const subcategoryError = form.errors.message('subcategory');
  return (
    <>
      <Form.Group className="mb-3" controlId={categoryId}>
        <Form.Label>{t('seller.field.category')}</Form.Label>
        <Form.Select
          value={form.values.category}
          required
          disabled={categories.isPending}
          onChange={(e) => form.set('category', e.target.value)}
          {...errorProps(categoryId, categoryError)}
        >
          <option value="">
            {categories.isPending ? t('seller.loadingCategories') : t('seller.field.chooseCategory')}
          </option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {label(c.name)}
            </option>
          ))}
        </Form.Select>
        <FieldFeedback id={categoryId} error={categoryError} />
      </Form.Group>
      {chosen && (
        <Form.Group className="mb-3" controlId={subcategoryId}>
          <Form.Label>{t('seller.field.subcategory')}</Form.Label>
          <Form.Select
            value={form.values.subcategory}
            required
            onChange={(e) => form.set('subcategory', e.target.value)}
            {...errorProps(subcategoryId, subcategoryError)}
          >
            <option value="">{t('seller.field.chooseSubcategory')}</option>
            {chosen.subcategory.map((s) => (
              <option key={s.id} value={s.id}>
                {label(s.name)}
              </option>
            ))}
          </Form.Select>
          <FieldFeedback id={subcategoryId} error={subcategoryError} />
        </Form.Group>
      )}
    </>
  );
}

const VAT_RATE_KEYS = {
  standard: 'seller.vat.standard',
  reduced: 'seller.vat.reduced',
  exempt: 'seller.vat.exempt',
} as const;

/** The VAT rate the platform charges the customer (Art. 20a MWSTG); standard by default. */
export function ProductVatField({ form }: { form: ProductFormState }) {
  const t = useT();
  const id = productFieldId('vatRate');
  const error = form.errors.message('vatRate');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('seller.field.vatRate')}</Form.Label>
      <Form.Select
        value={form.values.vatRate}
        onChange={(e) => form.set('vatRate', e.target.value as ProductFormValues['vatRate'])}
        {...errorProps(id, error, `${id}-help`)}
      >
        {VAT_RATES.map((rate) => (
          <option key={rate} value={rate}>
            {t(VAT_RATE_KEYS[rate])}
          </option>
        ))}
      </Form.Select>
      <Form.Text id={`${id}-help`}>{t('seller.field.vatRateHelp')}</Form.Text>
      <FieldFeedback id={id} error={error} />
    </Form.Group>
  );
}

export function ProductForm({
  form,
  pending,
  submitLabel,
  pendingLabel,
  cancelTo,
  extra,
}: {
  form: ProductFormState;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  /** More fields before the buttons (Add Product: the stock per store). */
  extra?: ReactNode;
}) {
  const t = useT();
  const categories = useCategories();
  return (
    <>
      {categories.isError && <Message variant="danger">{errorMessage(categories.error)}</Message>}
      <Form noValidate onSubmit={form.submit}>
        <ProductDetailsFields form={form} />
        <ImageField
          id={productFieldId('image')}
          label={t('seller.field.image')}
          error={form.errors.message('image')}
          onFile={(file) => form.set('image', file)}
        />
        <ProductCategoryFields form={form} />
        <ProductVatField form={form} />
        {extra}
        <FormActions
          pending={pending}
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          cancelTo={cancelTo}
        />
      </Form>
    </>
  );
}
