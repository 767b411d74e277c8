import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t, useI18n } from './index';
import { countText, useCountText } from './plural';

const keyOf = (key: string, vars?: Record<string, string | number>) => `${key}:${vars?.count}`;

describe('counted phrases', () => {
  it('pick the singular or plural message', () => {
    expect(countText(t, 'en', 'checkout.cart.items', 1)).toBe('1 item');
    expect(countText(t, 'en', 'checkout.cart.items', 3)).toBe('3 items');
    expect(countText(t, 'en', 'checkout.place.products', 0)).toBe('0 products');
    expect(countText(t, 'en', 'orders.hold', 1)).toBe('Reserved for 1 more minute');
    expect(countText(t, 'en', 'orders.hold', 28)).toBe('Reserved for 28 more minutes');
  });

  it('follow the plural rules of the language (French counts zero in the singular)', () => {
    expect(countText(keyOf, 'fr-CH', 'map.count', 0)).toBe('map.count.one:0');
    expect(countText(keyOf, 'en', 'map.count', 0)).toBe('map.count.other:0');
    expect(countText(keyOf, 'de-CH', 'orders.hold', 1)).toBe('orders.hold.one:1');
    expect(countText(keyOf, 'it-CH', 'orders.hold', 5)).toBe('orders.hold.other:5');
  });

  it('write the count as the chosen language writes numbers', async () => {
    const { result } = renderHook(() => useCountText());
    expect(result.current('map.count', 1249)).toBe('1’249 stores');
    await act(() => useI18n.getState().setLocale('fr-CH'));
    expect(result.current('map.count', 1249)).toBe('1\u202f249 magasins');
    expect(result.current('map.count', 0)).toBe('0 magasin');
    await act(() => useI18n.getState().setLocale('en'));
  });
});
