import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** What a Load More button needs of an infinite query. */
export interface NextPageQuery {
  hasNextPage: boolean;
  fetchNextPage(): unknown;
  isFetchingNextPage: boolean;
}

/** The next page of a list (the same infinite query that fills it); nothing on the last page. */
export function LoadMore({
  query,
  label,
  size,
  className = 'text-center mt-4',
}: {
  query: NextPageQuery;
  label: string;
  size?: 'lg';
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={className}>
      <Button
        variant="outline-primary"
        size={size}
        onClick={() => query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage && (
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {label}
      </Button>
    </div>
  );
}
