/**
 * The product form's values, checks and request body: empty for Add Product, or filled in from a
 * product (an edit form sends the same body).
 */
import { productCreateSchema, type Product, type VatRate } from '@marktgasse/shared';
import { schemaErrors, type FieldErrors, type FieldMessageKeys } from '../../../lib/field-errors';

export interface ProductFormValues {
  brand: string;
  name: string;
  /** As typed, in CHF ("12.50"). */
  price: string;
  description: string;
  /** Ids as the selects hold them; '' for none chosen. */
  category: string;
  subcategory: string;
  /** The VAT rate category (standard unless the seller chooses otherwise). */
  vatRate: VatRate;
  /** A new picture (none keeps the current one). */
  image: File | null;
}

export type ProductField = keyof ProductFormValues;

/** The form's order: the first field to fix gets the focus. */
export const PRODUCT_FIELDS: readonly ProductField[] = [
  'brand',
  'name',
  'price',
  'description',
  'image',
  'category',
  'subcategory',
  'vatRate',
];

export const EMPTY_PRODUCT: ProductFormValues = {
  brand: '',
  name: '',
  price: '',
  description: '',
  category: '',
  subcategory: '',
  vatRate: 'standard',
  image: null,
};

/** A product's values for a form that edits it. */
export function productFormValues(product: Product): ProductFormValues {
  return {
    brand: product.brand,
    name: product.name,
    price: product.price,
    description: product.description,
    category: String(product.category),
    subcategory: String(product.subcategory),
    vatRate: product.vatRate,
    image: null,
  };
}

const MESSAGES: FieldMessageKeys<Exclude<ProductField, 'image'>> = {
  brand: { other: 'seller.v.brand', tooLong: 'seller.v.brandMax' },
  name: { other: 'seller.v.name', tooLong: 'seller.v.nameMax' },
  price: { other: 'seller.v.price', tooSmall: 'seller.v.priceMin', tooBig: 'seller.v.priceMax' },
  description: { other: 'seller.v.descriptionMax' },
  category: { other: 'seller.v.category' },
  subcategory: { other: 'seller.v.subcategory' },
  vatRate: { other: 'seller.v.vatRate' },
};

/** What is wrong, per field (message keys); empty when the product can be sent. */
export function validateProduct(values: ProductFormValues): FieldErrors<ProductField> {
  const parsed = productCreateSchema.safeParse({
    brand: values.brand,
    name: values.name,
    price: values.price.trim(),
    description: values.description,
    category: values.category || undefined,
    subcategory: values.subcategory || undefined,
    vatRate: values.vatRate,
  });
  const found: FieldErrors<ProductField> = parsed.success ? {} : schemaErrors(parsed.error.issues, MESSAGES);
  if (!values.category) found.category = { key: 'seller.v.category' };
  else if (!values.subcategory) found.subcategory = { key: 'seller.v.subcategory' };
  if (values.image && !values.image.type.startsWith('image/')) found.image = { key: 'seller.v.image' };
  return found;
}

/** The multipart body of a product create (or edit) request. */
export function productFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.set('brand', values.brand.trim());
  form.set('name', values.name.trim());
  form.set('price', values.price.trim());
  form.set('description', values.description.trim());
  form.set('category', values.category);
  form.set('subcategory', values.subcategory);
  form.set('vatRate', values.vatRate);
  if (values.image) form.set('image', values.image);
  return form;
}
