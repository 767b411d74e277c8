import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n';

/** The sort and filter parameters of the product lists and searches (docs/decisions/181, 183). */
export const LIST_OPTION_KEYS = ['sort', 'min_price', 'max_price', 'in_stock', 'pickup_city'] as const;
export type ListOptions = Partial<Record<(typeof LIST_OPTION_KEYS)[number], string>>;

const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
const PRICE = '\\d{1,7}([.,]\\d{1,2})?';

/** The sort and filters kept in the page's URL, so a link shares them; `set` replaces them all. */
export function useListOptions(): [ListOptions, (next: ListOptions) => void] {
  const [params, setParams] = useSearchParams();
  const options: ListOptions = {};
  for (const key of LIST_OPTION_KEYS) {
    const value = params.get(key);
    if (value) options[key] = value;
  }
  const set = (next: ListOptions) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const key of LIST_OPTION_KEYS) {
          const value = next[key];
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );
  return [options, set];
}

const field = (data: FormData, name: string) => {
  const value = String(data.get(name) ?? '').trim();
  return value ? value.replace(',', '.') : undefined;
};

/**
 * Sort (always visible) and filters: price range in CHF, in stock, pick-up city. On phones
 * the filters fold behind a "Filters" button (a disclosure); from lg they show in one row.
 */
export function ListOptionsBar({ searching }: { searching: boolean }) {
  const t = useT();
  const id = useId();
  const [options, set] = useListOptions();
  const [open, setOpen] = useState(false);
  const fallback = searching ? 'relevance' : 'newest';
  const filters = LIST_OPTION_KEYS.filter((k) => k !== 'sort' && options[k]).length;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    set({
      sort: options.sort,
      min_price: field(data, 'min_price'),
      max_price: field(data, 'max_price'),
      in_stock: data.get('in_stock') ? 'true' : undefined,
      pickup_city: field(data, 'pickup_city'),
    });
    setOpen(false);
  };
  return (
    <div className="mb-3" role="group" aria-label={t('catalogue.options.label')} data-testid="list-options">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label className="d-flex align-items-center gap-2 small mb-0" htmlFor={`${id}-sort`}>
          {t('catalogue.options.sortLabel')}
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          className="form-select form-select-sm w-auto"
          value={options.sort ?? fallback}
          onChange={(e) =>
            set({ ...options, sort: e.target.value === fallback ? undefined : e.target.value })
          }
        >
          {SORTS.filter((s) => searching || s !== 'relevance').map((s) => (
            <option key={s} value={s}>
              {t(`catalogue.options.sort.${s}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary d-lg-none"
          aria-expanded={open}
          aria-controls={`${id}-filters`}
          onClick={() => setOpen((v) => !v)}
        >
          {t('catalogue.options.filters')}
          {filters > 0 && ` (${filters})`}
        </button>
      </div>
      <form
        id={`${id}-filters`}
        key={JSON.stringify(options)}
        onSubmit={submit}
        className={`${open ? 'd-flex' : 'd-none d-lg-flex'} flex-wrap align-items-end gap-2 mt-2`}
      >
        <div>
          <label className="form-label small mb-0" htmlFor={`${id}-min`}>
            {t('catalogue.options.minPrice')}
          </label>
          <input
            id={`${id}-min`}
            name="min_price"
            className="form-control form-control-sm"
            style={{ width: '7rem' }}
            inputMode="decimal"
            pattern={PRICE}
            defaultValue={options.min_price}
          />
        </div>
        <div>
          <label className="form-label small mb-0" htmlFor={`${id}-max`}>
            {t('catalogue.options.maxPrice')}
          </label>
          <input
            id={`${id}-max`}
            name="max_price"
            className="form-control form-control-sm"
            style={{ width: '7rem' }}
            inputMode="decimal"
            pattern={PRICE}
            defaultValue={options.max_price}
          />
        </div>
        <div>
          <label className="form-label small mb-0" htmlFor={`${id}-city`}>
            {t('catalogue.options.pickupCity')}
          </label>
          <input
            id={`${id}-city`}
            name="pickup_city"
            className="form-control form-control-sm"
            maxLength={100}
            defaultValue={options.pickup_city}
          />
        </div>
        <div className="form-check mb-1">
          <input
            id={`${id}-stock`}
            name="in_stock"
            type="checkbox"
            className="form-check-input"
            defaultChecked={options.in_stock === 'true'}
          />
          <label className="form-check-label small" htmlFor={`${id}-stock`}>
            {t('catalogue.options.inStock')}
          </label>
        </div>
        <button type="submit" className="btn btn-sm btn-primary">
          {t('catalogue.options.apply')}
        </button>
        {filters > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={() => {
              set({ sort: options.sort });
              setOpen(false);
            }}
          >
            {t('catalogue.options.clear')}
          </button>
        )}
      </form>
    </div>
  );
}
