/**
 * The expanded product on My products: one stock row per store of the seller (a row without
 * a stock record yet shows 0 and creates the record on save).
 */
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Product } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useProductStocks } from '../api/stocks';
import { useMyStores } from '../api/stores';
import { ActionsHeader, StockRow } from './stock-row';
import { TextWithLink } from './text-with-link';

export function ProductStockPanel({ product }: { product: Product }) {
  const t = useT();
  const stores = useMyStores();
  const stocks = useProductStocks(product.id);
  const byStore = new Map((stocks.data ?? []).map((s) => [s.store, s]));
  const error = stores.error ?? stocks.error;

  return (
    <div className="p-2 p-md-3 bg-body-tertiary rounded">
      <h2 className="h6 mb-2">{t('seller.stock.of', { label: `${product.brand} ${product.name}` })}</h2>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      {stores.isPending || stocks.isPending ? (
        <Loader label={t('seller.stock.loading')} />
      ) : (stores.data ?? []).length === 0 ? (
        <Message variant="secondary" className="mb-0">
          {t('seller.stock.none')}{' '}
          <TextWithLink
            text={t('seller.stock.addStoreHint')}
            link={<Link to={paths.addStore}>{t('seller.stock.addStoreLink')}</Link>}
          />
        </Message>
      ) : (
        <Table size="sm" responsive className="mb-0 align-middle bg-body">
          <thead>
            <tr>
              <th scope="col">{t('seller.col.store')}</th>
              <th scope="col">{t('seller.col.stock')}</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {(stores.data ?? []).map((store) => {
              const stock = byStore.get(store.id);
              return (
                <StockRow key={store.id} product={product} store={store} stock={stock} columns={3}>
                  <td>
                    <span className="fw-semibold">{store.name}</span>
                    <div className="small text-body-secondary">{store.city}</div>
                  </td>
                </StockRow>
              );
            })}
          </tbody>
        </Table>
      )}
    </div>
  );
}
