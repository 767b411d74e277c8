import { useState, type FormEvent } from 'react';
import { useServerFieldErrors } from '../../../components/use-server-field-errors';
import {
  EMPTY_PRODUCT,
  PRODUCT_FIELDS,
  productFormData,
  validateProduct,
  type ProductField,
  type ProductFormValues,
} from '../lib/product-form';

export const productFieldId = (field: ProductField) => `product-${field}`;

/**
 * The state of a product form (Add Product, or an edit form given the product's values): the
 * values, the errors, and a submit that checks, then hands the request body to `save` (a create
 * or an update); the server's field errors land on their fields.
 */
export function useProductForm({
  initial = EMPTY_PRODUCT,
  save,
  onSaved,
}: {
  initial?: ProductFormValues;
  save: (form: FormData) => Promise<unknown>;
  onSaved: () => void;
}) {
  const [values, setValues] = useState(initial);
  const errors = useServerFieldErrors(PRODUCT_FIELDS);

  function set<K extends ProductField>(field: K, value: ProductFormValues[K]) {
    // A new category has other subcategories: the choice starts over.
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(field === 'category' ? { subcategory: '' } : {}),
    }));
    errors.clear(field);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (errors.show(validateProduct(values), productFieldId)) return;
    save(productFormData(values)).then(onSaved, errors.fromServer);
  }

  return { values, set, errors, submit };
}

export type ProductForm = ReturnType<typeof useProductForm>;
