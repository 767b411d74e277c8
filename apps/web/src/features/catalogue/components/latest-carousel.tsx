import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type TouchEvent,
} from 'react';
import Button from 'react-bootstrap/Button';
import { PageLink as Link } from '../../../components/page-link';
import type { Product } from '@marktgasse/shared';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

export const CAROUSEL_INTERVAL_MS = 5000;
/** Bootstrap's slide (`$carousel-transition-duration`), and the swipe that turns a slide. */
const SLIDE_MS = 600;
const SWIPE_PX = 40;

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

/** A slide on its way in or out: Bootstrap's two steps (placed beside, then moved). */
interface Move {
  from: number;
  to: number;
  forward: boolean;
  moving: boolean;
}

/** Bootstrap's classes of slide `i` while `move` runs (or none runs). */
function itemClass(i: number, index: number, move: Move | null): string {
  if (!move) return i === index ? 'carousel-item active' : 'carousel-item';
  const side = move.forward ? 'start' : 'end';
  if (i === move.from) return `carousel-item active${move.moving ? ` carousel-item-${side}` : ''}`;
  if (i === move.to)
    return `carousel-item carousel-item-${move.forward ? 'next' : 'prev'}${move.moving ? ` carousel-item-${side}` : ''}`;
  return 'carousel-item';
}

/**
 * Latest products: advances every 5 s, pauses on hover, stops once keyboard focus enters it, wraps,
 * arrow keys and a 40 px swipe turn it. The pause/play button (first in the tab order) stops it
 * for good; with reduced motion it never rotates on its own and does not slide. Bootstrap's
 * carousel markup and classes with a small state of its own: React-Bootstrap's carousel (a
 * transition component per slide) was the costliest part of the home's hydration (decision 336).
 */
export function LatestCarousel({ products }: { products: Product[] }) {
  const t = useT();
  const f = useFormat();
  const reduced = useReducedMotion();
  // 'auto' follows the motion setting; the button or keyboard focus inside sets it for good.
  const [mode, setMode] = useState<'auto' | 'play' | 'stop'>('auto');
  const [index, setIndex] = useState(0);
  const [move, setMove] = useState<Move | null>(null);
  const [hovered, setHovered] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const touchX = useRef<number | null>(null);
  const count = products.length;
  const rotating = mode === 'play' || (mode === 'auto' && !reduced);
  // The slides off screen get their content one task later, so the carousel's own render is short.
  const [allSlides, setAllSlides] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAllSlides(true), 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [index, count]);

  /** Shows slide `to`, sliding unless motion is reduced; a turn already under way finishes first. */
  const show = (to: number, forward: boolean) => {
    if (move || to === index || count < 2) return;
    if (reduced) setIndex(to);
    else setMove({ from: index, to, forward, moving: false });
  };
  const next = () => show((index + 1) % count, true);
  const previous = () => show((index - 1 + count) % count, false);

  // The incoming slide is placed beside the shown one, and moves in on the next frame.
  useEffect(() => {
    if (!move) return;
    if (!move.moving) {
      const frame = requestAnimationFrame(() => setMove({ ...move, moving: true }));
      return () => cancelAnimationFrame(frame);
    }
    const timer = setTimeout(() => {
      setIndex(move.to);
      setMove(null);
    }, SLIDE_MS);
    return () => clearTimeout(timer);
  }, [move]);

  // The next slide after 5 s on screen, unless stopped, hovered or the tab is hidden.
  useEffect(() => {
    if (!rotating || hovered || move || count < 2) return;
    const timer = setTimeout(() => {
      if (!document.hidden) next();
    }, CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  });

  // Keyboard focus on a slide, its link or the arrows stops the rotation (not focus on the toggle).
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target !== toggleRef.current && rotating) setMode('stop');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchX.current;
    touchX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    if (end < start) next();
    else previous();
  };

  if (count === 0) return null;
  return (
    <section
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
      <div
        className="carousel slide carousel-dark"
        // The classes of a slide's move, which the carousel gives on its own after 5 s: the
        // rendered page carries their rules and needs no more of the sheet for it (decision 338).
        data-later-class="carousel-item-next carousel-item-prev carousel-item-start carousel-item-end"
        onKeyDown={onKeyDown}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onTouchStart={(event) => (touchX.current = event.touches[0]?.clientX ?? null)}
        onTouchEnd={onTouchEnd}
      >
        <div className="carousel-indicators">
          {products.map((p, i) => (
            <button
              key={p.id}
              type="button"
              data-bs-target=""
              aria-label={t('catalogue.carousel.goTo', { name: p.name })}
              aria-current={i === index}
              className={i === index ? 'active' : undefined}
              onClick={() => show(i, i > index)}
            />
          ))}
        </div>
        {/* Screen readers announce a slide change only when the user caused it (ARIA carousel pattern). */}
        <div className="carousel-inner" aria-live={rotating ? 'off' : 'polite'}>
          {products.map((p, i) => (
            <div
              key={p.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('catalogue.carousel.slide', { n: i + 1, total: count })}
              className={itemClass(i, index, move)}
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
                    <Link
                      to={paths.product(p.id)}
                      className="btn btn-primary"
                      tabIndex={i === index ? 0 : -1}
                    >
                      {t('catalogue.carousel.view')}
                      <span className="visually-hidden">: {p.name}</span>
                    </Link>
                  </div>
                </div>
              ) : (
                <div className="carousel-slide" />
              )}
            </div>
          ))}
        </div>
        <button type="button" className="carousel-control-prev" onClick={previous}>
          <span aria-hidden="true" className="carousel-control-prev-icon" />
          <span className="visually-hidden">{t('catalogue.carousel.previous')}</span>
        </button>
        <button type="button" className="carousel-control-next" onClick={next}>
          <span aria-hidden="true" className="carousel-control-next-icon" />
          <span className="visually-hidden">{t('catalogue.carousel.next')}</span>
        </button>
      </div>
    </section>
  );
}
