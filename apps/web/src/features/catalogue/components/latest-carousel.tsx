import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Carousel from 'react-bootstrap/Carousel';
import { PageLink as Link } from '../../../components/page-link';
import type { Product } from '@marktgasse/shared';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

export const CAROUSEL_INTERVAL_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(REDUCED_MOTION) : undefined;
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(REDUCED_MOTION).matches);
}

/** Follows the system setting live, so turning on "reduce motion" stops the carousel at once. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

/** The carousel's slot while the latest products load: an empty slide of the same size. */
export function LatestCarouselPlaceholder() {
  return (
    <div className="home-carousel" aria-hidden="true" data-testid="latest-carousel-placeholder">
      <div className="carousel-slide">
        <div className="carousel-slide-image" />
      </div>
    </div>
  );
}

/**
 * Latest products: advances every 5 s, pauses on hover, stops once keyboard focus enters it, wraps,
 * 40 px swipe (React-Bootstrap's threshold). The pause/play button (first in the tab order) stops
 * it for good; with reduced motion it never rotates on its own and does not slide.
 */
export function LatestCarousel({ products }: { products: Product[] }) {
  const t = useT();
  const f = useFormat();
  const reduced = useReducedMotion();
  // 'auto' follows the motion setting; the button or keyboard focus inside sets it for good.
  const [mode, setMode] = useState<'auto' | 'play' | 'stop'>('auto');
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rotating = mode === 'play' || (mode === 'auto' && !reduced);
  // The slides off screen get their content one task later, so the carousel's own render is short.
  const [allSlides, setAllSlides] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAllSlides(true), 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (index >= products.length) setIndex(0);
  }, [index, products.length]);

  // Screen readers announce a slide change only when the user caused it (ARIA carousel pattern).
  useEffect(() => {
    ref.current?.querySelector('.carousel-inner')?.setAttribute('aria-live', rotating ? 'off' : 'polite');
  }, [rotating, products.length]);

  // Keyboard focus on a slide, its link or the arrows stops the rotation (not focus on the toggle).
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target !== toggleRef.current && rotating) setMode('stop');
  };

  if (products.length === 0) return null;
  return (
    <section
      ref={ref}
      aria-roledescription="carousel"
      aria-label={t('catalogue.carousel.label')}
      className="home-carousel position-relative"
      data-testid="latest-carousel"
      data-rotating={rotating}
      onFocus={onFocus}
    >
      <Button
        variant="light"
        size="sm"
        ref={toggleRef}
        className="carousel-toggle shadow-sm"
        onClick={() => setMode(rotating ? 'stop' : 'play')}
      >
        {!rotating ? (
          <>
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 1l9 5-9 5z" fill="currentColor" />
            </svg>
            <span className="ms-1">{t('catalogue.carousel.play')}</span>
          </>
        ) : (
          <>
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <rect x="2" y="1" width="3" height="10" fill="currentColor" />
              <rect x="7" y="1" width="3" height="10" fill="currentColor" />
            </svg>
            <span className="ms-1">{t('catalogue.carousel.pause')}</span>
          </>
        )}
      </Button>
      <Carousel
        activeIndex={index}
        onSelect={(i) => setIndex(i)}
        interval={rotating ? CAROUSEL_INTERVAL_MS : null}
        pause="hover"
        wrap
        touch
        slide={!reduced}
        keyboard
        prevLabel={t('catalogue.carousel.previous')}
        nextLabel={t('catalogue.carousel.next')}
        indicatorLabels={products.map((p) => t('catalogue.carousel.goTo', { name: p.name }))}
        variant="dark"
      >
        {products.map((p, i) => (
          <Carousel.Item
            key={p.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('catalogue.carousel.slide', { n: i + 1, total: products.length })}
          >
            {allSlides || i === index ? (
              <div className="carousel-slide">
                <div className="carousel-slide-image">
                  {p.image || p.thumbnail ? (
                    <img
                      src={p.image ?? p.thumbnail ?? ''}
                      alt={`${p.brand} ${p.name}`}
                      width={480}
                      height={360}
                      loading={i === 0 ? 'eager' : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : 'auto'}
                      decoding={i === 0 ? 'auto' : 'async'}
                    />
                  ) : (
                    <div
                      className="img-fallback w-100 h-100"
                      role="img"
                      aria-label={`${p.brand} ${p.name}`}
                    />
                  )}
                </div>
                <div className="carousel-slide-text">
                  <p className="text-uppercase small fw-semibold text-body-secondary mb-1">{p.brand}</p>
                  <h2 className="h3 mb-2">{p.name}</h2>
                  <p className="fs-4 fw-bold mb-3">{f.money(p.price)}</p>
                  <Link to={paths.product(p.id)} className="btn btn-primary" tabIndex={i === index ? 0 : -1}>
                    {t('catalogue.carousel.view')}
                    <span className="visually-hidden">: {p.name}</span>
                  </Link>
                </div>
              </div>
            ) : (
              <div className="carousel-slide" />
            )}
          </Carousel.Item>
        ))}
      </Carousel>
    </section>
  );
}
