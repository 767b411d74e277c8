import { describe, expect, it } from 'vitest';
import type { Product } from '@marktgasse/shared';
import { translate } from '../../../i18n';
import { messageText } from '../../../lib/field-errors';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { EMPTY_PRODUCT, productFormData, productFormValues, validateProduct } from './product-form';

const tIn = (messages: Record<string, string>) => (key: string, vars?: Record<string, string | number>) =>
  translate(messages, key, vars);

const valid = {
  ...EMPTY_PRODUCT,
  brand: 'Sennerei',
  name: 'Alpkäse',
  price: '12.50',
  category: '1',
  subcategory: '4',
};

describe('product form checks', () => {
  it('word each problem in the chosen language', () => {
    const found = validateProduct({ ...valid, brand: ' ', price: '1.234' });
    expect(Object.keys(found)).toEqual(['brand', 'price']);
    expect(messageText(tIn(en), found.brand)).toBe('Enter a brand.');
    expect(messageText(tIn(en), found.price)).toBe('Enter a price in CHF with at most two decimals.');
    expect(messageText(tIn(de), found.brand)).toBe('Geben Sie eine Marke ein.');
    expect(messageText(tIn(de), found.price)).toBe(
      'Geben Sie einen Preis in CHF mit höchstens zwei Dezimalstellen ein.',
    );
  });

  it('tell a price out of range from a malformed one, and name the length limit', () => {
    expect(messageText(tIn(en), validateProduct({ ...valid, price: '0' }).price)).toBe(
      'The price must be above CHF 0.',
    );
    expect(messageText(tIn(en), validateProduct({ ...valid, price: '1000001' }).price)).toBe(
      'The price must be at most CHF 1,000,000.',
    );
    expect(messageText(tIn(en), validateProduct({ ...valid, name: 'x'.repeat(121) }).name)).toBe(
      'A name has at most 120 characters.',
    );
  });

  it('ask for a category, then for its subcategory, and for an image file', () => {
    expect(messageText(tIn(en), validateProduct({ ...valid, category: '', subcategory: '' }).category)).toBe(
      'Choose a category.',
    );
    expect(messageText(tIn(en), validateProduct({ ...valid, subcategory: '' }).subcategory)).toBe(
      'Choose a subcategory.',
    );
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    expect(messageText(tIn(en), validateProduct({ ...valid, image: text }).image)).toBe(
      'Choose an image file.',
    );
    expect(validateProduct(valid)).toEqual({});
  });

  it('fill in from a product and send what the form holds', () => {
    const values = productFormValues({
      brand: 'Sennerei',
      name: 'Alpkäse',
      price: '12.50',
      description: 'Würzig',
      category: 1,
      subcategory: 4,
      vatRate: 'reduced',
    } as Product);
    expect(validateProduct(values)).toEqual({});
    expect(Object.fromEntries(productFormData({ ...values, name: ' Bergkäse ' }))).toEqual({
      brand: 'Sennerei',
      name: 'Bergkäse',
      price: '12.50',
      description: 'Würzig',
      category: '1',
      subcategory: '4',
      vatRate: 'reduced',
    });
  });

  it('start a new product at the standard VAT rate', () => {
    expect(EMPTY_PRODUCT.vatRate).toBe('standard');
    expect(productFormData(valid).get('vatRate')).toBe('standard');
  });
});
