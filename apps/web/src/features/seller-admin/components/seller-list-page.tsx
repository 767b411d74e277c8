/**
 * The frame of My Stores and My Products: title and Add button, the notices, a search, then a
 * table whose rows expand one at a time into a stock panel and can be deleted after a
 * confirmation. The pages say what the rows are; the frame does the rest.
 */
import { Fragment, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMore, type NextPageQuery } from '../../../components/load-more';
import { Loader } from '../../../components/loader';
import { moveFocus } from '../../../components/focus';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { FlashNotice } from './flash-notice';
import { ActionsHeader } from './stock-row';

interface Props<T extends { id: number; name: string }> {
  title: string;
  add: { to: string; label: string };
  search: { id: string; label: string; placeholder: string; value: string; onChange(value: string): void };
  items: Pick<UseQueryResult<T[]>, 'data' | 'error' | 'isError' | 'isPending' | 'isSuccess'>;
  /** A paged list: the infinite query behind `items`, for its Load More button. */
  more?: NextPageQuery;
  loadingLabel: string;
  /** Shown when there is nothing to list. */
  emptyText: string;
  /** The columns before the actions column (a class hides one on small screens). */
  columns: { label: string; className?: string }[];
  /** The cells of an item before its actions. */
  cells(item: T): ReactNode;
  /** The expanding action: its label, what a screen reader hears after it, and the panel it opens. */
  expand: { label: string; labelOf(item: T): string; panelId(item: T): string; panel(item: T): ReactNode };
  /** Where an item's Edit link leads. */
  editTo?(item: T): string;
  remove: {
    mutation: UseMutationResult<unknown, Error, number>;
    deletedText: string;
    title: string;
    bodyOf(item: T): string;
  };
}

export function SellerListPage<T extends { id: number; name: string }>({
  title,
  add,
  search,
  items,
  more,
  loadingLabel,
  emptyText,
  columns,
  cells,
  expand,
  editTo,
  remove,
}: Props<T>) {
  const t = useT();
  const [expanded, setExpanded] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleted, setDeleted] = useState(false);
  const { mutation } = remove;

  function confirmDelete(item: T) {
    setDeleted(false);
    mutation.mutate(item.id, {
      onSuccess: () => {
        setDeleted(true);
        // The row and its Delete button are gone: focus and announce the notice instead.
        moveFocus(() => document.getElementById('deleted-notice'), { say: true });
        if (expanded === item.id) setExpanded(null);
      },
    });
  }

  const list = items.data ?? [];
  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0" id="list-title">
          {title}
        </h1>
        <Link to={add.to} className="btn btn-primary">
          {add.label}
        </Link>
      </div>

      <FlashNotice />
      {deleted && (
        <Message variant="success" id="deleted-notice" live={false}>
          {remove.deletedText}
        </Message>
      )}
      {mutation.isError && <Message variant="danger">{errorMessage(mutation.error)}</Message>}

      <Form role="search" aria-labelledby="list-title" onSubmit={(e) => e.preventDefault()} className="mb-3">
        <Form.Label htmlFor={search.id} className="visually-hidden">
          {search.label}
        </Form.Label>
        <Form.Control
          id={search.id}
          type="search"
          placeholder={search.placeholder}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          autoComplete="off"
        />
      </Form>

      {items.isError && <Message variant="danger">{errorMessage(items.error)}</Message>}
      {items.isPending ? (
        <Loader label={loadingLabel} />
      ) : list.length === 0 && items.isSuccess ? (
        <Message variant="secondary">{emptyText}</Message>
      ) : (
        <Table responsive hover className="align-middle">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.className}>
                  {column.label}
                </th>
              ))}
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {list.map((item) => {
              const open = expanded === item.id;
              return (
                <Fragment key={item.id}>
                  <tr className={open ? 'table-active' : undefined}>
                    {cells(item)}
                    <td className="text-end">
                      <div className="d-inline-flex flex-wrap justify-content-end gap-2">
                        <Button
                          size="sm"
                          variant={open ? 'secondary' : 'outline-secondary'}
                          aria-expanded={open}
                          aria-controls={expand.panelId(item)}
                          onClick={() => setExpanded(open ? null : item.id)}
                        >
                          {expand.label}
                          <span className="visually-hidden"> {expand.labelOf(item)}</span>
                        </Button>
                        {editTo && (
                          <Link to={editTo(item)} className="btn btn-sm btn-outline-primary">
                            {t('seller.edit')}
                            <span className="visually-hidden">
                              {' '}
                              {t('seller.deleteNamed', { name: item.name })}
                            </span>
                          </Link>
                        )}
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setToDelete(item)}
                          disabled={mutation.isPending}
                        >
                          {t('seller.delete')}
                          <span className="visually-hidden">
                            {' '}
                            {t('seller.deleteNamed', { name: item.name })}
                          </span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                  {open && (
                    <tr id={expand.panelId(item)}>
                      <td colSpan={columns.length + 1}>{expand.panel(item)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </Table>
      )}
      {more && list.length > 0 && (
        <LoadMore query={more} label={t('seller.loadMore')} className="text-center mt-3" />
      )}

      <ConfirmDialog
        show={toDelete !== null}
        title={remove.title}
        body={toDelete ? remove.bodyOf(toDelete) : ''}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) confirmDelete(toDelete);
        }}
      />
    </Container>
  );
}
