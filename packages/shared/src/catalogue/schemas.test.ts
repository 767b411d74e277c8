import { describe, expect, it } from 'vitest';
import { productCreateSchema } from './schemas.ts';

describe('productCreateSchema', () => {
  it('turns the price into Rappen, defaults the VAT rate to standard and ignores a seller field', () => {
    const parsed = productCreateSchema.parse({
      brand: 'Guetzli Manufaktur',
      name: 'Bretzeli',
      price: '4.5',
      category: '1',
      subcategory: 2,
      seller: 99,
    });
    expect(parsed).toEqual({
      brand: 'Guetzli Manufaktur',
      name: 'Bretzeli',
      price: 450,
      description: '',
      category: 1,
      subcategory: 2,
      vatRate: 'standard',
    });
  });
});
