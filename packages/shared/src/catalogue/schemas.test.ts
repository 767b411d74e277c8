import { describe, expect, it } from 'vitest';
import { productCreateSchema, toSearchText } from './schemas.ts';

describe('toSearchText', () => {
  it('lower-cases, removes accents and joins the parts', () => {
    expect(toSearchText('Bündner Nusstorte', 'Crème brûlée', 'Zürich')).toBe(
      'bundner nusstorte creme brulee zurich',
    );
    expect(toSearchText('  Gruyère  AOP ', '', 'Straße')).toBe('gruyere aop strasse');
  });
});

describe('productCreateSchema', () => {
  it('turns the price into Rappen and ignores a seller field', () => {
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
    });
  });
});
