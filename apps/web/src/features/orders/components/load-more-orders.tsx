import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useT } from '../../../i18n';

/** The next page of an order list (the same infinite query that fills the table). */
export function LoadMoreOrders({
  query,
}: {
  query: { hasNextPage: boolean; fetchNextPage(): unknown; isFetchingNextPage: boolean };
}) {
  const t = useT();
  if (!query.hasNextPage) return null;
  return (
    <div className="text-center mt-3">
      <Button
        variant="outline-primary"
        onClick={() => query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage && (
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {t('orders.list.loadMore')}
      </Button>
    </div>
  );
}
