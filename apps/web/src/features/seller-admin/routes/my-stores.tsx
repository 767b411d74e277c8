import { useState } from 'react';
import { Navigate } from 'react-router';
import { usePageTitle } from '../../../components/page-title';
import { useSearchTerm } from '../../../components/use-debounced-value';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { placeLine } from '../../../lib/place-line';
import { useDeleteStore, useMyStores } from '../api/stores';
import { SellerListPage } from '../components/seller-list-page';
import { StoreStockPanel } from '../components/store-stock-panel';
import { useSellerRedirect } from '../hooks/use-seller-guard';

export function Component() {
  const t = useT();
  usePageTitle(t('seller.stores.title'));
  const redirect = useSellerRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <MyStores />;
}

function MyStores() {
  const t = useT();
  const [input, setInput] = useState('');
  const term = useSearchTerm(input);
  const stores = useMyStores(term);
  const remove = useDeleteStore();
  return (
    <SellerListPage
      title={t('seller.stores.title')}
      add={{ to: paths.addStore, label: t('seller.stores.add') }}
      search={{
        id: 'my-stores-search',
        label: t('seller.stores.searchLabel'),
        placeholder: t('seller.stores.searchPlaceholder'),
        value: input,
        onChange: setInput,
      }}
      items={stores}
      loadingLabel={t('seller.stores.loading')}
      emptyText={term ? t('seller.stores.noMatch', { term }) : t('seller.stores.none')}
      columns={[
        { label: t('seller.col.store') },
        { label: t('seller.col.address'), className: 'd-none d-md-table-cell' },
        { label: t('seller.col.phone'), className: 'd-none d-lg-table-cell' },
      ]}
      cells={(store) => (
        <>
          <td>
            <span className="fw-semibold">{store.name}</span>
            <div className="small text-body-secondary">{store.city}</div>
          </td>
          <td className="d-none d-md-table-cell small">
            {placeLine(store.address, store.city, store.country)}
          </td>
          <td className="d-none d-lg-table-cell small text-nowrap">{store.phone}</td>
        </>
      )}
      expand={{
        label: t('seller.stores.viewProducts'),
        labelOf: (store) => t('seller.stores.viewProductsOf', { name: store.name }),
        panelId: (store) => `store-stock-${store.id}`,
        panel: (store) => <StoreStockPanel store={store} />,
      }}
      editTo={(item) => paths.editStore(item.id)}
      remove={{
        mutation: remove,
        deletedText: t('seller.stores.deleted'),
        title: t('seller.stores.deleteTitle'),
        bodyOf: (store) => t('seller.stores.deleteBody', { name: store.name }),
      }}
    />
  );
}
