import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useAudit } from '../api/queries';
import { AuditActionName, AuditActionSelect } from './audit-action';
import { Pager } from './pager';

const LIMIT = 30;

/** The audit log, newest first, by action (named in the operator's language) or object. */
export function AuditScreen() {
  const t = useT();
  const format = useFormat();
  const [form, setForm] = useState({ action: '', object: '' });
  const [query, setQuery] = useState({ ...form, offset: 0 });
  const audit = useAudit({
    action: query.action || undefined,
    object: query.object || undefined,
    offset: query.offset,
    limit: LIMIT,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...form, offset: 0 });
  };
  return (
    <>
      <Form onSubmit={submit} className="row g-2 align-items-end mb-3">
        <Form.Group className="col-12 col-md-4" controlId="audit-action">
          <Form.Label className="small mb-1">{t('admin.audit.action')}</Form.Label>
          <AuditActionSelect
            value={form.action}
            onChange={(action) => {
              // A choice from a list applies at once, with the object as typed.
              setForm({ ...form, action });
              setQuery({ ...form, action, offset: 0 });
            }}
          />
        </Form.Group>
        <Form.Group className="col-8 col-md-3" controlId="audit-object">
          <Form.Label className="small mb-1">{t('admin.audit.object')}</Form.Label>
          <Form.Control
            value={form.object}
            onChange={(e) => setForm({ ...form, object: e.target.value })}
            placeholder="product:12"
          />
        </Form.Group>
        <div className="col-4 col-md-2">
          <Button type="submit">{t('admin.orders.find')}</Button>
        </div>
      </Form>
      {audit.error && <Message variant="danger">{errorMessage(audit.error)}</Message>}
      {!audit.data ? (
        <Loader />
      ) : (
        <Table responsive size="sm" data-testid="admin-audit">
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.at')}</th>
              <th scope="col">{t('admin.audit.staff')}</th>
              <th scope="col">{t('admin.audit.action')}</th>
              <th scope="col">{t('admin.audit.object')}</th>
              <th scope="col">{t('admin.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.results.map((e) => (
              <tr key={e.id}>
                <td>
                  {format.date(e.at)} {format.time(e.at)}
                </td>
                <td>{e.staff}</td>
                <td>
                  <AuditActionName action={e.action} />
                </td>
                <td>{e.object}</td>
                <td>{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {audit.data && (
        <Pager
          offset={query.offset}
          limit={LIMIT}
          count={audit.data.count}
          next={audit.data.next}
          onOffset={(offset) => setQuery({ ...query, offset })}
        />
      )}
    </>
  );
}
