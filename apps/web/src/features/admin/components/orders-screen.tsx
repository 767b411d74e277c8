import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useAdminOrders } from '../api/queries';
import { Pager } from './pager';

const LIMIT = 20;
const STATUSES = ['pending', 'paying', 'paid', 'expired', 'cancelled'] as const;

/** Orders by number, customer, seller, status and date; `?customer=` (from the users screen) keeps one customer's. */
export function OrdersScreen() {
  const t = useT();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const customer = /^\d{1,9}$/.test(params.get('customer') ?? '') ? params.get('customer')! : '';
  const [form, setForm] = useState({ search: '', status: '', from: '', to: '' });
  const [query, setQuery] = useState({ ...form, offset: 0 });
  const orders = useAdminOrders({
    customer: customer || undefined,
    search: query.search || undefined,
    status: query.status || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    offset: query.offset,
    limit: LIMIT,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...form, offset: 0 });
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  return (
    <>
      <Form
        onSubmit={submit}
        className="row g-2 align-items-end mb-3"
        role="search"
        aria-label={t('admin.orders.title')}
      >
        <Form.Group className="col-12 col-md-4" controlId="orders-search">
          <Form.Label className="small mb-1">{t('admin.orders.search')}</Form.Label>
          <Form.Control type="search" {...field('search')} />
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="orders-status">
          <Form.Label className="small mb-1">{t('admin.orders.status')}</Form.Label>
          <Form.Select {...field('status')}>
            <option value="">{t('admin.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.status.${s}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="orders-from">
          <Form.Label className="small mb-1">{t('admin.orders.from')}</Form.Label>
          <Form.Control type="date" {...field('from')} />
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="orders-to">
          <Form.Label className="small mb-1">{t('admin.orders.to')}</Form.Label>
          <Form.Control type="date" {...field('to')} />
        </Form.Group>
        <div className="col-6 col-md-2">
          <Button type="submit" className="w-100">
            {t('admin.orders.find')}
          </Button>
        </div>
      </Form>
      {customer && (
        <p className="d-flex flex-wrap gap-2 align-items-center">
          {t('admin.orders.ofCustomer', { id: customer })}
          <Button size="sm" variant="outline-secondary" onClick={() => setParams({})}>
            {t('admin.orders.allCustomers')}
          </Button>
        </p>
      )}
      {orders.error && <Message variant="danger">{errorMessage(orders.error)}</Message>}
      {!orders.data ? (
        <Loader />
      ) : (
        <>
          <Table responsive size="sm" className="align-middle" data-testid="admin-orders">
            <thead>
              <tr>
                <th scope="col">{t('admin.orders.number')}</th>
                <th scope="col">{t('admin.orders.customer')}</th>
                <th scope="col">{t('admin.orders.sellers')}</th>
                <th scope="col">{t('admin.orders.status')}</th>
                <th scope="col">{t('admin.orders.total')}</th>
                <th scope="col">{t('admin.orders.date')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.results.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/admin/orders/${o.id}`}>#{o.id}</Link>
                  </td>
                  <td>{o.customer}</td>
                  <td>{o.sellers.join(', ')}</td>
                  <td>{t(`admin.status.${o.status}`)}</td>
                  <td>{format.money(o.totalPrice)}</td>
                  <td>{format.date(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {orders.data.count === 0 && <p>{t('admin.none')}</p>}
          <PagerFor
            data={orders.data}
            offset={query.offset}
            onOffset={(offset) => setQuery({ ...query, offset })}
          />
        </>
      )}
    </>
  );
}

function PagerFor({
  data,
  offset,
  onOffset,
}: {
  data: { count: number; next: number | null };
  offset: number;
  onOffset: (o: number) => void;
}) {
  return <Pager offset={offset} limit={LIMIT} count={data.count} next={data.next} onOffset={onOffset} />;
}
