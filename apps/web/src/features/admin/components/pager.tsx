import Button from 'react-bootstrap/Button';
import { useT } from '../../../i18n';

/** Previous and next page of a paged admin list ({count, next}). */
export function Pager({
  offset,
  limit,
  count,
  next,
  onOffset,
}: {
  offset: number;
  limit: number;
  count: number;
  next: number | null;
  onOffset: (offset: number) => void;
}) {
  const t = useT();
  return (
    <nav className="d-flex align-items-center gap-2 my-2" aria-label={t('admin.pages')}>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - limit))}
      >
        {t('admin.previous')}
      </Button>
      <span className="small">{t('admin.count', { count })}</span>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={next === null}
        onClick={() => next !== null && onOffset(next)}
      >
        {t('admin.next')}
      </Button>
    </nav>
  );
}
