import { useContext, useEffect, useRef, useState } from 'react';
import { DeferredAtOnce, HydrateLater, useChildrenInView } from './deferred';
import { useFollowLinksWithin } from './page-link';
import { ProductCard, type ProductCardData } from './product-card';

/**
 * How many of `total` cards to show: one batch more per task, so a long grid never blocks a phone's
 * main thread at once. A batch is a multiple of every column count of the grid, so it fills whole
 * rows and a later batch never changes a row that is already on screen. A server-rendered grid is
 * there whole: hydrating it keeps every card of the markup (each a part of its own, below) instead
 * of dropping those past the first batch and drawing them again a task later (decision 322).
 */
function useRevealed(total: number, batch: number): number {
  const hydrating = useContext(DeferredAtOnce);
  const [revealed, setRevealed] = useState(hydrating ? total : batch);
  useEffect(() => {
    if (revealed >= total) return;
    const timer = setTimeout(() => setRevealed((n) => n + batch), 0);
    return () => clearTimeout(timer);
  }, [revealed, total, batch]);
  return Math.min(revealed, total);
}

/**
 * A responsive grid of product cards: 2 columns on phones, up to `columns` on wide screens
 * (Bootstrap's row and column classes on plain elements, like the cards). While a server-rendered
 * page hydrates, each card hydrates in a task of its own once it scrolls into view (decision
 * 335): the cards below a phone's first screen cost it nothing while the page starts.
 */
export function ProductGrid({ products, columns = 4 }: { products: ProductCardData[]; columns?: 3 | 4 }) {
  const shown = useRevealed(products.length, columns === 4 ? 12 : 6);
  const grid = useRef<HTMLUListElement>(null);
  const inView = useChildrenInView(grid);
  // A card's links work in the app before its code has run.
  const followLinks = useFollowLinksWithin();
  return (
    <ul
      ref={grid}
      onClick={followLinks}
      className={`product-grid g-2 g-sm-3 list-unstyled mb-0 row row-cols-2 row-cols-md-3 row-cols-xl-${columns}`}
      data-testid="product-grid"
    >
      {products.slice(0, shown).map((p, i) => (
        <HydrateLater key={p.id} after={inView(i)}>
          <li className="col">
            <ProductCard product={p} />
          </li>
        </HydrateLater>
      ))}
    </ul>
  );
}
