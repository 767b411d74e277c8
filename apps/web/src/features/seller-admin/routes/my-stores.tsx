import { Fragment, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, Navigate } from 'react-router';
import type { Store } from '@marktgasse/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../map/hooks/use-debounced-value';
import { placeLine } from '../../map/lib/address';
import { useDeleteStore, useMyStores } from '../api/stores';
import { FlashNotice } from '../components/flash-notice';
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
  const debounced = useDebouncedValue(input.trim(), 500);
  const term = debounced.length >= 2 ? debounced : '';
  const stores = useMyStores(term);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Store | null>(null);
  const [deleted, setDeleted] = useState(false);
  const remove = useDeleteStore();

  function confirmDelete(store: Store) {
    setDeleted(false);
    remove.mutate(store.id, {
      onSuccess: () => {
        setDeleted(true);
        if (expanded === store.id) setExpanded(null);
      },
    });
  }

  const list = stores.data ?? [];
  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('seller.stores.title')}</h1>
        <Link to={paths.addStore} className="btn btn-primary">
          {t('seller.stores.add')}
        </Link>
      </div>

      <FlashNotice />
      {deleted && <Message variant="success">{t('seller.stores.deleted')}</Message>}
      {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}

      <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-3">
        <Form.Label htmlFor="my-stores-search" className="visually-hidden">
          {t('seller.stores.searchLabel')}
        </Form.Label>
        <Form.Control
          id="my-stores-search"
          type="search"
          placeholder={t('seller.stores.searchPlaceholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
      </Form>

      {stores.isError && <Message variant="danger">{errorMessage(stores.error)}</Message>}
      {stores.isPending ? (
        <Loader label={t('seller.stores.loading')} />
      ) : list.length === 0 && stores.isSuccess ? (
        <Message variant="secondary">
          {term ? t('seller.stores.noMatch', { term }) : t('seller.stores.none')}
        </Message>
      ) : (
        <Table responsive hover className="align-middle">
          <thead>
            <tr>
              <th scope="col">{t('seller.col.store')}</th>
              <th scope="col" className="d-none d-md-table-cell">
                {t('seller.col.address')}
              </th>
              <th scope="col" className="d-none d-lg-table-cell">
                {t('seller.col.phone')}
              </th>
              <th scope="col" className="text-end">
                <span className="visually-hidden">{t('seller.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((store) => {
              const open = expanded === store.id;
              return (
                <Fragment key={store.id}>
                  <tr className={open ? 'table-active' : undefined}>
                    <td>
                      <span className="fw-semibold">{store.name}</span>
                      <div className="small text-body-secondary">{store.city}</div>
                    </td>
                    <td className="d-none d-md-table-cell small">
                      {placeLine(store.address, store.city, store.country)}
                    </td>
                    <td className="d-none d-lg-table-cell small text-nowrap">{store.phone}</td>
                    <td className="text-end">
                      <div className="d-inline-flex flex-wrap justify-content-end gap-2">
                        <Button
                          size="sm"
                          variant={open ? 'secondary' : 'outline-secondary'}
                          aria-expanded={open}
                          aria-controls={`store-stock-${store.id}`}
                          onClick={() => setExpanded(open ? null : store.id)}
                        >
                          {t('seller.stores.viewProducts')}
                          <span className="visually-hidden">
                            {' '}
                            {t('seller.stores.viewProductsOf', { name: store.name })}
                          </span>
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setToDelete(store)}
                          disabled={remove.isPending}
                        >
                          {t('seller.delete')}
                          <span className="visually-hidden">
                            {' '}
                            {t('seller.deleteNamed', { name: store.name })}
                          </span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                  {open && (
                    <tr id={`store-stock-${store.id}`}>
                      <td colSpan={4}>
                        <StoreStockPanel store={store} />
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
        title={t('seller.stores.deleteTitle')}
        body={toDelete ? t('seller.stores.deleteBody', { name: toDelete.name }) : ''}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) confirmDelete(toDelete);
        }}
      />
    </Container>
  );
}
