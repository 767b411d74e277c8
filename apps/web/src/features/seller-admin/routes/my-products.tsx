import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, Navigate } from 'react-router';
import type { Product } from '@marktgasse/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { wholeFrancs } from '../lib/money';
import { useDebouncedValue } from '../../map/hooks/use-debounced-value';
import { useDeleteProduct, useMyProducts } from '../api/products';
import { FlashNotice } from '../components/flash-notice';
import { ProductStockPanel } from '../components/product-stock-panel';
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
  const debounced = useDebouncedValue(input.trim(), 500);
  const term = debounced.length >= 2 ? debounced : '';
  const products = useMyProducts(term);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteProduct();

  function confirmDelete(product: Product) {
    setDeleted(false);
    remove.mutate(product.id, {
      onSuccess: () => {
        setDeleted(true);
        if (expanded === product.id) setExpanded(null);
      },
    });
  }

  const list = products.data ?? [];
  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('seller.products.title')}</h1>
        <Link to={paths.addProduct} className="btn btn-primary">
          {t('seller.products.add')}
        </Link>
      </div>

      <FlashNotice />
      {deleted && <Message variant="success">{t('seller.products.deleted')}</Message>}
      {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}

      <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-3">
        <Form.Label htmlFor="my-products-search" className="visually-hidden">
          {t('seller.products.searchLabel')}
        </Form.Label>
        <Form.Control
          id="my-products-search"
          type="search"
          placeholder={t('seller.products.searchPlaceholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
      </Form>

      {products.isError && <Message variant="danger">{errorMessage(products.error)}</Message>}
      {products.isPending ? (
        <Loader label={t('seller.products.loading')} />
      ) : list.length === 0 && products.isSuccess ? (
        <Message variant="secondary">{t('seller.products.none')}</Message>
      ) : (
        <Table responsive hover className="align-middle">
          <thead>
            <tr>
              <th scope="col">{t('seller.col.product')}</th>
              <th scope="col" className="d-none d-md-table-cell">
                {t('seller.col.category')}
              </th>
              <th scope="col">{t('seller.col.price')}</th>
              <th scope="col" className="text-end">
                <span className="visually-hidden">{t('seller.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((product) => {
              const open = expanded === product.id;
              return (
                <Fragment key={product.id}>
                  <tr className={open ? 'table-active' : undefined}>
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
                    <td className="text-nowrap">{wholeFrancs(product.price, f.money)}</td>
                    <td className="text-end">
                      <div className="d-inline-flex flex-wrap justify-content-end gap-2">
                        <Button
                          size="sm"
                          variant={open ? 'secondary' : 'outline-secondary'}
                          aria-expanded={open}
                          aria-controls={`product-stock-${product.id}`}
                          onClick={() => setExpanded(open ? null : product.id)}
                        >
                          {t('seller.products.viewStock')}
                          <span className="visually-hidden">
                            {' '}
                            {t('seller.products.viewStockOf', { name: product.name })}
                          </span>
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setToDelete(product)}
                          disabled={remove.isPending}
                        >
                          {t('seller.delete')}
                          <span className="visually-hidden">
                            {' '}
                            {t('seller.deleteNamed', { name: product.name })}
                          </span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                  {open && (
                    <tr id={`product-stock-${product.id}`}>
                      <td colSpan={4}>
                        <ProductStockPanel product={product} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </Table>
      )}

      <ConfirmDialog
        show={toDelete !== null}
        title={t('seller.products.deleteTitle')}
        body={
          toDelete ? t('seller.products.deleteBody', { product: `${toDelete.brand} ${toDelete.name}` }) : ''
        }
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) confirmDelete(toDelete);
        }}
      />
    </Container>
  );
}
