import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useContext } from 'react';
import { DeferredAtOnce } from './deferred';

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
  href,
}: {
  query: NextPageQuery;
  label: string;
  size?: 'lg';
  className?: string;
  /** The next page's own address, for the server's HTML: a link that works without JavaScript. */
  href?: string | undefined;
}) {
  const serverMarkup = useContext(DeferredAtOnce);
  if (!query.hasNextPage) return null;
  // In the server's HTML (and until it is hydrated) a link to the next page: it works without
  // JavaScript. Once the app runs, the button appends the next page in place.
  if (href && serverMarkup)
    return (
      <div className={className}>
        <a className={`btn btn-outline-primary${size ? ` btn-${size}` : ''}`} href={href}>
          {label}
        </a>
      </div>
    );
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
