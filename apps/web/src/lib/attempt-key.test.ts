import { describe, expect, it } from 'vitest';
import { attemptKeys, newAttemptKey } from './attempt-key';

describe('checkout attempt keys', () => {
  it('reuses the key while the same order is sent again, and makes a new one for a changed order', () => {
    let n = 0;
    const keys = attemptKeys(() => `key-${++n}`);
    const order = { orderItems: [{ id: 1, quantity: 2 }], totalPrice: '20.00' };
    const first = keys.keyFor(order);
    expect(keys.keyFor({ ...order })).toBe(first);
    const changed = keys.keyFor({ ...order, totalPrice: '30.00' });
    expect(changed).not.toBe(first);
  });

  it('starts a new attempt after an answer', () => {
    let n = 0;
    const keys = attemptKeys(() => `key-${++n}`);
    const first = keys.keyFor({ a: 1 });
    keys.settle();
    expect(keys.keyFor({ a: 1 })).not.toBe(first);
  });

  it('makes keys the server accepts (visible ASCII, at most 255), different each time', () => {
    const a = newAttemptKey();
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(newAttemptKey()).not.toBe(a);
  });
});
