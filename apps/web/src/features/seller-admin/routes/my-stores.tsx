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
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../map/hooks/use-debounced-value';
import { placeLine } from '../../map/lib/address';
import { useDeleteStore, useMyStores } from '../api/stores';
import { FlashNotice } from '../components/flash-notice';
import { StoreStockPanel } from '../components/store-stock-panel';
import { useSellerRedirect } from '../hooks/use-seller-guard';

export function Component() {
  usePageTitle('My Stores');
  const redirect = useSellerRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <MyStores />;
}

function MyStores() {
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
        <h1 className="h3 mb-0">My Stores</h1>
        <Link to={paths.addStore} className="btn btn-primary">
          Add Store
        </Link>
      </div>

      <FlashNotice />
      {deleted && <Message variant="success">Store Deleted Successfully!</Message>}
      {remove.isError && <Message variant="danger">{errorMessage(remove.error)}</Message>}

      <Form role="search" onSubmit={(e) => e.preventDefault()} className="mb-3">
        <Form.Label htmlFor="my-stores-search" className="visually-hidden">
          Search my stores
        </Form.Label>
        <Form.Control
          id="my-stores-search"
          type="search"
          placeholder="Search my stores…"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
        />
      </Form>

      {stores.isError && <Message variant="danger">{errorMessage(stores.error)}</Message>}
      {stores.isPending ? (
        <Loader label="Loading stores…" />
      ) : list.length === 0 && stores.isSuccess ? (
        <Message variant="secondary">
          {term ? `No stores match “${term}”.` : 'You have no stores yet. Add your first store.'}
        </Message>
      ) : (
        <Table responsive hover className="align-middle">
          <thead>
            <tr>
              <th scope="col">Store</th>
              <th scope="col" className="d-none d-md-table-cell">
                Address
              </th>
              <th scope="col" className="d-none d-lg-table-cell">
                Phone
              </th>
              <th scope="col" className="text-end">
                <span className="visually-hidden">Actions</span>
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
                          className="text-nowrap"
                        >
                          View Products
                          <span className="visually-hidden"> of {store.name}</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setToDelete(store)}
                          disabled={remove.isPending}
                        >
                          Delete<span className="visually-hidden"> {store.name}</span>
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
        title="Delete store"
        body={toDelete ? `Delete the store “${toDelete.name}”? Its stock records are deleted too.` : ''}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) confirmDelete(toDelete);
        }}
      />
    </Container>
  );
}
