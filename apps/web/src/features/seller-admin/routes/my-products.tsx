import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { usePageTitle } from '../../../components/page-title';
import { useSearchTerm } from '../../../components/use-debounced-value';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { useDeleteProduct, useMyProducts } from '../api/products';
import { ModerationNotice } from '../components/moderation-notice';
import { ProductStockPanel } from '../components/product-stock-panel';
import { SellerListPage } from '../components/seller-list-page';
import { useSellerRedirect } from '../hooks/use-seller-guard';

export function Component() {
  const t = useT();
  usePageTitle(t('seller.products.title'));
  const redirect = useSellerRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <MyProducts />;
}

function MyProducts() {
  const t = useT();
  const f = useFormat();
  const [input, setInput] = useState('');
  const term = useSearchTerm(input);
  const products = useMyProducts(term);
  const remove = useDeleteProduct();
  return (
    <>
      <ModerationNotice />
      <SellerListPage
        title={t('seller.products.title')}
        add={{ to: paths.addProduct, label: t('seller.products.add') }}
        search={{
          id: 'my-products-search',
          label: t('seller.products.searchLabel'),
          placeholder: t('seller.products.searchPlaceholder'),
          value: input,
          onChange: setInput,
        }}
        items={products}
        more={products}
        loadingLabel={t('seller.products.loading')}
        emptyText={t('seller.products.none')}
        columns={[
          { label: t('seller.col.product') },
          { label: t('seller.col.category'), className: 'd-none d-md-table-cell' },
          { label: t('seller.col.price') },
        ]}
        cells={(product) => (
          <>
            <td>
              <div className="d-flex align-items-center gap-2">
                {product.thumbnail || product.image ? (
                  <img
                    src={product.thumbnail ?? product.image ?? ''}
                    alt=""
                    width={44}
                    height={44}
                    className="rounded object-fit-cover flex-shrink-0 d-none d-sm-block"
                  />
                ) : null}
                <div>
                  <Link to={paths.product(product.id)} className="fw-semibold">
                    {product.name}
                  </Link>
                  <div className="small text-body-secondary">{product.brand}</div>
                </div>
              </div>
            </td>
            <td className="d-none d-md-table-cell small">
              {[product.categoryName, product.subcategoryName].filter(Boolean).join(' › ')}
            </td>
            <td className="text-nowrap">{f.wholeFrancs(product.price)}</td>
          </>
        )}
        expand={{
          label: t('seller.products.viewStock'),
          labelOf: (product) => t('seller.products.viewStockOf', { name: product.name }),
          panelId: (product) => `product-stock-${product.id}`,
          panel: (product) => <ProductStockPanel product={product} />,
        }}
        editTo={(item) => paths.editProduct(item.id)}
        remove={{
          mutation: remove,
          deletedText: t('seller.products.deleted'),
          title: t('seller.products.deleteTitle'),
          bodyOf: (product) =>
            t('seller.products.deleteBody', { product: `${product.brand} ${product.name}` }),
        }}
      />
    </>
  );
}
