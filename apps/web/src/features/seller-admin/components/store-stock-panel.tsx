/**
 * The expanded store on My stores: one stock row per product of the seller (a row without a
 * stock record yet shows 0 and creates the record on save), with a search inside the store.
 */
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatCHF, type Store } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../map/hooks/use-debounced-value';
import { useMyProducts } from '../api/products';
import { useProductsInMyStore, useStoreStocks } from '../api/stocks';
import { StockRow } from './stock-row';

export function StoreStockPanel({ store }: { store: Store }) {
  const [input, setInput] = useState('');
  const debounced = useDebouncedValue(input.trim(), 500);
  const term = debounced.length >= 2 ? debounced : '';
  const products = useMyProducts();
  const stocks = useStoreStocks(store.id);
  const matches = useProductsInMyStore(store.id, term);

  const rows = useMemo(() => {
    const byProduct = new Map((stocks.data ?? []).map((s) => [s.product.id, s]));
    return (products.data ?? [])
      .filter((p) => !term || matches.data?.has(p.id))
      .map((p) => ({ product: p, stock: byProduct.get(p.id) }));
  }, [products.data, stocks.data, matches.data, term]);

  const error = products.error ?? stocks.error ?? matches.error;
  const loading = products.isPending || stocks.isPending || (term !== '' && matches.isPending);

  return (
    <div className="p-2 p-md-3 bg-body-tertiary rounded">
      <h3 className="h6 mb-2">Stock in {store.name}</h3>
      <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-2">
        <Form.Label htmlFor={`store-search-${store.id}`} className="visually-hidden">
          Search products in {store.name}
        </Form.Label>
        <Form.Control
          id={`store-search-${store.id}`}
          type="search"
          size="sm"
          placeholder={`Search products in ${store.name}…`}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
      </Form>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      {loading ? (
        <Loader label="Loading stock…" />
      ) : rows.length === 0 ? (
        <Message variant="secondary" className="mb-0">
          {term ? `No search results in ${store.name} store!` : 'No search results in stocks!'}
          {!term && (
            <>
              {' '}
              <Link to={paths.addProduct}>Add a product</Link> to keep its stock here.
            </>
          )}
        </Message>
      ) : (
        <Table size="sm" responsive className="mb-0 align-middle bg-body">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="d-none d-sm-table-cell">
                Price
              </th>
              <th scope="col">Stock</th>
              <th scope="col" className="text-end">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ product, stock }) => (
              <StockRow
                key={product.id}
                label={`${product.brand} ${product.name} in ${store.name}`}
                stockId={stock?.id}
                number={stock?.number ?? 0}
                store={store.id}
                product={product.id}
                columns={4}
              >
                <td>
                  <Link to={paths.product(product.id)} className="fw-semibold">
                    {product.name}
                  </Link>
                  <div className="small text-body-secondary">{product.brand}</div>
                </td>
                <td className="d-none d-sm-table-cell text-nowrap">{formatCHF(product.price)}</td>
              </StockRow>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
