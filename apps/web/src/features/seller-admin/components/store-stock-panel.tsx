/**
 * The expanded store on My stores: one stock row per product of the seller (a row without a
 * stock record yet shows 0 and creates the record on save), with a search inside the store.
 * The products come a page at a time (Load More); a search lists its own matches.
 */
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Store } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { LoadMore } from '../../../components/load-more';
import { useSearchTerm } from '../../../components/use-debounced-value';
import { useMyProducts } from '../api/products';
import { useProductsInMyStore, useStoreStocks } from '../api/stocks';
import { ActionsHeader, StockRow } from './stock-row';
import { TextWithLink } from './text-with-link';

export function StoreStockPanel({ store }: { store: Store }) {
  const t = useT();
  const f = useFormat();
  const [input, setInput] = useState('');
  const term = useSearchTerm(input);
  const products = useMyProducts();
  const stocks = useStoreStocks(store.id);
  const matches = useProductsInMyStore(store.id, term);

  const rows = useMemo(() => {
    // A match is a stock row of this store already; the paged products take the store's rows.
    if (term) return (matches.data ?? []).map((row) => ({ product: row.product, stock: row }));
    const byProduct = new Map((stocks.data ?? []).map((s) => [s.product.id, s]));
    return (products.data ?? []).map((p) => ({ product: p, stock: byProduct.get(p.id) }));
  }, [products.data, stocks.data, matches.data, term]);

  const error = products.error ?? stocks.error ?? matches.error;
  const loading = products.isPending || stocks.isPending || (term !== '' && matches.isPending);

  return (
    <div className="p-2 p-md-3 bg-body-tertiary rounded">
      <h2 className="h6 mb-2">{t('seller.stock.in', { name: store.name })}</h2>
      {/* A filter inside the page, not a second search landmark. */}
      <Form onSubmit={(e) => e.preventDefault()} className="mb-2">
        <Form.Label htmlFor={`store-search-${store.id}`} className="visually-hidden">
          {t('seller.stock.searchIn', { name: store.name })}
        </Form.Label>
        <Form.Control
          id={`store-search-${store.id}`}
          type="search"
          size="sm"
          placeholder={t('seller.stock.searchInPlaceholder', { name: store.name })}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
      </Form>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      {loading ? (
        <Loader label={t('seller.stock.loading')} />
      ) : rows.length === 0 ? (
        <Message variant="secondary" className="mb-0">
          {term ? t('seller.stock.noneInStore', { name: store.name }) : t('seller.stock.none')}
          {!term && (
            <>
              {' '}
              <TextWithLink
                text={t('seller.stock.addProductHint')}
                link={<Link to={paths.addProduct}>{t('seller.stock.addProductLink')}</Link>}
              />
            </>
          )}
        </Message>
      ) : (
        <Table size="sm" responsive className="mb-0 align-middle bg-body">
          <thead>
            <tr>
              <th scope="col">{t('seller.col.product')}</th>
              <th scope="col" className="d-none d-sm-table-cell">
                {t('seller.col.price')}
              </th>
              <th scope="col">{t('seller.col.stock')}</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {rows.map(({ product, stock }) => (
              <StockRow key={product.id} product={product} store={store} stock={stock} columns={4}>
                <td>
                  <Link to={paths.product(product.id)} className="fw-semibold">
                    {product.name}
                  </Link>
                  <div className="small text-body-secondary">{product.brand}</div>
                </td>
                <td className="d-none d-sm-table-cell text-nowrap">{f.money(product.price)}</td>
              </StockRow>
            ))}
          </tbody>
        </Table>
      )}
      {!term && rows.length > 0 && (
        <LoadMore query={products} label={t('seller.loadMore')} className="text-center mt-2" />
      )}
    </div>
  );
}
