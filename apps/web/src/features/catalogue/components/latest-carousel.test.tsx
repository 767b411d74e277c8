import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Product } from '@marktgasse/shared';
import { CAROUSEL_INTERVAL_MS, LatestCarousel } from './latest-carousel';

const products = [1, 2, 3].map(
  (id) =>
    ({
      id,
      brand: 'Käserei',
      name: `Käse ${id}`,
      price: '12.50',
      image: null,
      thumbnail: null,
    }) as unknown as Product,
);

function showCarousel() {
  render(
    <MemoryRouter>
      <LatestCarousel products={products} />
    </MemoryRouter>,
  );
  const slide = () => document.querySelector('.carousel-item.active')?.getAttribute('aria-label');
  const region = screen.getByRole('region', { name: 'Latest products' });
  return { slide, region, carousel: region.querySelector('.carousel')! };
}

/** Lets `ms` pass in steps of a frame, so the effects a step's render schedules run in the next. */
async function pass(ms: number) {
  for (let left = ms; left > 0; left -= 20)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(20, left));
    });
}
const slideOver = () => pass(700);

describe('the latest products carousel (decision 336)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns with the arrow keys, a swipe and the indicators, sliding the next slide in beside the shown one', async () => {
    vi.useFakeTimers();
    const { slide, carousel } = showCarousel();
    expect(slide()).toBe('1 of 3');

    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    await pass(20);
    // Both slides move left: the shown one out, the next one in.
    expect(
      [...document.querySelectorAll('.carousel-item-start')].map((e) => e.getAttribute('aria-label')),
    ).toEqual(['1 of 3', '2 of 3']);
    await slideOver();
    expect(slide()).toBe('2 of 3');

    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    await slideOver();
    expect(slide()).toBe('1 of 3');
    // Wraps backwards.
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    await slideOver();
    expect(slide()).toBe('3 of 3');

    fireEvent.touchStart(carousel, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: 120 }] });
    await slideOver();
    expect(slide()).toBe('1 of 3');
    // A short drag is not a swipe.
    fireEvent.touchStart(carousel, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(carousel, { changedTouches: [{ clientX: 180 }] });
    await slideOver();
    expect(slide()).toBe('1 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Show Käse 3' }));
    await slideOver();
    expect(slide()).toBe('3 of 3');
    expect(screen.getByRole('button', { name: 'Show Käse 3' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'View product: Käse 3' }).getAttribute('tabindex')).toBe('0');
  });

  it('advances every 5 s, but not while the pointer rests on it or once paused', async () => {
    vi.useFakeTimers();
    const { slide, carousel, region } = showCarousel();
    await pass(CAROUSEL_INTERVAL_MS + 700);
    expect(slide()).toBe('2 of 3');

    fireEvent.mouseEnter(carousel);
    await pass(2 * CAROUSEL_INTERVAL_MS);
    expect(slide()).toBe('2 of 3');
    fireEvent.mouseLeave(carousel);

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(region.getAttribute('data-rotating')).toBe('false');
    await pass(2 * CAROUSEL_INTERVAL_MS);
    expect(slide()).toBe('2 of 3');
    // A paused carousel tells screen readers of the slides the user turns.
    expect(region.querySelector('.carousel-inner')?.getAttribute('aria-live')).toBe('polite');
  });
});
