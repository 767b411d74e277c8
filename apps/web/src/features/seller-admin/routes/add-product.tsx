import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useCreateProduct } from '../api/products';
import {
  InitialStockFields,
  initialStocksJson,
  invalidStockStores,
  stockFieldId,
  type StockInputs,
} from '../components/initial-stock-fields';
import { ProductForm } from '../components/product-form';
import type { NoticeState } from '../hooks/use-flash-notice';
import { useProductForm } from '../hooks/use-product-form';
import { useSellerRedirect } from '../hooks/use-seller-guard';

export function Component() {
  const t = useT();
  usePageTitle(t('seller.addProduct.title'));
  const redirect = useSellerRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <AddProduct />;
}

function AddProduct() {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [stock, setStock] = useState<StockInputs>({});
  const [invalidStock, setInvalidStock] = useState<number[]>([]);
  const form = useProductForm({
    save: (body) => {
      const invalid = invalidStockStores(stock);
      setInvalidStock(invalid);
      if (invalid.length) {
        document.getElementById(stockFieldId(invalid[0]!))?.focus();
        return Promise.reject(new Error('stock'));
      }
      const initialStocks = initialStocksJson(stock);
      if (initialStocks) body.set('initialStocks', initialStocks);
      return create.mutateAsync(body);
    },
    onSaved: () =>
      navigate(paths.myProducts, { state: { notice: 'seller.products.created' } satisfies NoticeState }),
  });
  return (
    <FormContainer>
      <Link to={paths.myProducts} className="btn btn-light mb-3">
        {t('seller.goBack')}
      </Link>
      <h1 className="h3 mb-3">{t('seller.addProduct.title')}</h1>
      {create.isError && <Message variant="danger">{errorMessage(create.error)}</Message>}
      <ProductForm
        form={form}
        pending={create.isPending}
        submitLabel={t('seller.addProduct.submit')}
        pendingLabel={t('seller.creating')}
        cancelTo={paths.myProducts}
        extra={
          <InitialStockFields
            inputs={stock}
            invalid={invalidStock}
            onChange={(storeId, value) => {
              setStock((current) => ({ ...current, [storeId]: value }));
              setInvalidStock((current) => current.filter((id) => id !== storeId));
            }}
          />
        }
      />
    </FormContainer>
  );
}
