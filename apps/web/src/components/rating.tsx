import { useId } from 'react';
import { useLocale, useT } from '../i18n';
import { oneDecimal } from '../i18n/format';

// Filled stars dark amber, empty ones white with a grey outline: each >= 3:1 against the page and
// the two kinds >= 3:1 apart (WCAG 1.4.11); the value is also shown as text (1.4.1).
const FILLED = '#8a5a00';
const EMPTY = '#fff';
const EDGE = '#6c757d';
/** The colours and the star's outline, also for the product page's server markup (product-markup.ts). */
export const STAR_COLORS = { filled: FILLED, empty: EMPTY, edge: EDGE };
export const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z';

/** Each of the five stars for a value: full, half or empty. */
export const starKinds = (value: number) =>
  [1, 2, 3, 4, 5].map((i) => (value >= i ? 'full' : value >= i - 0.5 ? 'half' : 'empty'));

/** Stars with half steps and the value as text; the text alternative reads the value. */
export function Rating({ value, text, color = FILLED }: { value: number; text?: string; color?: string }) {
  const t = useT();
  const locale = useLocale();
  const uid = useId();
  const stars = starKinds(value);
  const shown = oneDecimal(value, locale);
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <span role="img" aria-label={t('components.rating.label', { value: shown })} className="d-inline-flex">
        {/* One drawing of five stars (a page shows dozens of ratings, so few elements each). */}
        <svg width="80" height="16" viewBox="0 0 120 24" aria-hidden="true">
          {stars.includes('half') && (
            <defs>
              <linearGradient id={`half-${uid}`}>
                <stop offset="50%" stopColor={color} />
                <stop offset="50%" stopColor={EMPTY} />
              </linearGradient>
            </defs>
          )}
          {stars.map((kind, i) => (
            <path
              key={i}
              transform={`translate(${i * 24} 0)`}
              d={STAR}
              fill={kind === 'full' ? color : kind === 'half' ? `url(#half-${uid})` : EMPTY}
              stroke={kind === 'full' ? color : EDGE}
              strokeWidth="1.5"
            />
          ))}
        </svg>
      </span>
      <span className="small fw-semibold" aria-hidden="true">
        {shown}
      </span>
      {text && <span className="small text-body-secondary">{text}</span>}
    </span>
  );
}
