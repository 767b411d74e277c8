import { LoadMore, type NextPageQuery } from '../../../components/load-more';
import { useT } from '../../../i18n';

/** The next page of an order list (the same infinite query that fills the table). */
export function LoadMoreOrders({ query }: { query: NextPageQuery }) {
  const t = useT();
  return <LoadMore query={query} label={t('orders.list.loadMore')} className="text-center mt-3" />;
}
