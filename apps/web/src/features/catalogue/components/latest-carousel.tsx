import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router';
import { formatCHF, type Product } from '@marktgasse/shared';
import { paths } from '../../../config/paths';

export const CAROUSEL_INTERVAL_MS = 5000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Latest products: advances every 5 s, pauses on hover, wraps, 40 px swipe (React-Bootstrap's
 * threshold). A pause/play button stops it for good; with reduced motion it starts paused.
 */
export function LatestCarousel({ products }: { products: Product[] }) {
  const [reduced] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(!reduced);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (index >= products.length) setIndex(0);
  }, [index, products.length]);

  if (products.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Latest products"
      className="home-carousel position-relative"
    >
      <Carousel
        activeIndex={index}
        onSelect={(i) => setIndex(i)}
        interval={playing ? CAROUSEL_INTERVAL_MS : null}
        pause="hover"
        wrap
        touch
        slide={!reduced}
        keyboard
        prevLabel="Previous product"
        nextLabel="Next product"
        variant="dark"
      >
        {products.map((p, i) => (
          <Carousel.Item
            key={p.id}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${products.length}`}
          >
            <div className="carousel-slide">
              <div className="carousel-slide-image">
                {p.image || p.thumbnail ? (
                  <img
                    src={p.image ?? p.thumbnail ?? ''}
                    alt={`${p.brand} ${p.name}`}
                    width={480}
                    height={360}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                ) : (
                  <div className="img-fallback w-100 h-100" role="img" aria-label={`${p.brand} ${p.name}`} />
                )}
              </div>
              <div className="carousel-slide-text">
                <p className="text-uppercase small fw-semibold text-body-secondary mb-1">{p.brand}</p>
                <h2 className="h3 mb-2">{p.name}</h2>
                <p className="fs-4 fw-bold mb-3">{formatCHF(p.price)}</p>
                <Link to={paths.product(p.id)} className="btn btn-primary" tabIndex={i === index ? 0 : -1}>
                  View product<span className="visually-hidden">: {p.name}</span>
                </Link>
              </div>
            </div>
          </Carousel.Item>
        ))}
      </Carousel>
      <Button
        variant="light"
        size="sm"
        className="carousel-toggle shadow-sm"
        aria-pressed={!playing}
        onClick={() => setPlaying((v) => !v)}
      >
        {playing ? (
          <>
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <rect x="2" y="1" width="3" height="10" fill="currentColor" />
              <rect x="7" y="1" width="3" height="10" fill="currentColor" />
            </svg>
            <span className="ms-1">Pause</span>
          </>
        ) : (
          <>
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 1l9 5-9 5z" fill="currentColor" />
            </svg>
            <span className="ms-1">Play</span>
          </>
        )}
      </Button>
    </section>
  );
}
