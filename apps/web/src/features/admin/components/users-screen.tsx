/**
 * Users for support (issue 29): find accounts by username, e-mail, shop name or number and by
 * role; per account its orders (the orders screen filtered by that customer), a password reset
 * e-mail (support, decision 254) and locking or unlocking with a reason (admin). The buttons
 * mirror the permissions; the server enforces them.
 */
import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { AdminUser } from '@marktgasse/shared';
import { Link } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { useAdminAction } from '../api/actions';
import { useAdminUsers } from '../api/queries';
import { useStaffPasswordReset } from '../password-reset/api';
import { ActionDialog } from './action-dialog';
import { Pager } from './pager';

const LIMIT = 20;
// Named here, not imported: a value from @marktgasse/shared pulls zod into the chunk (decision 208).
const ROLES = ['CUSTOMER', 'STORE_OWNER', 'staff', 'none'] as const;

function roleOf(user: AdminUser): string {
  if (user.is_staff) return 'staff';
  return user.status ?? 'none';
}

function UserActions({ user, permissions }: { user: AdminUser; permissions: string[] }) {
  const t = useT();
  const action = useAdminAction();
  const reset = useStaffPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div className="d-flex flex-wrap gap-2 mt-1">
      <Link
        to={`/admin/orders?customer=${user.id}`}
        className="btn btn-sm btn-outline-secondary"
        aria-label={t('admin.users.ordersOf', { name: user.username })}
      >
        {t('admin.users.orders')}
      </Link>
      {permissions.includes('support') && !user.locked && (
        <ActionDialog
          opener={t('admin.passwordReset.send')}
          title={t('admin.users.resetTitle', { name: user.username })}
          confirm={t('admin.passwordReset.send')}
          variant="primary"
          onSubmit={async (reason) => {
            const answer = await reset.mutateAsync({ userId: user.id, reason });
            setSent(answer.detail);
          }}
        >
          <p className="small text-body-secondary">{t('admin.passwordReset.hint')}</p>
        </ActionDialog>
      )}
      {permissions.includes('admin') && (
        <ActionDialog
          opener={t(user.locked ? 'admin.users.unlock' : 'admin.users.lock')}
          title={t(user.locked ? 'admin.users.unlockTitle' : 'admin.users.lockTitle', {
            name: user.username,
          })}
          confirm={t(user.locked ? 'admin.users.unlock' : 'admin.users.lock')}
          variant={user.locked ? 'primary' : 'danger'}
          onSubmit={(reason) =>
            action.mutateAsync({ kind: user.locked ? 'unlock' : 'lock', id: user.id, reason })
          }
        />
      )}
      {sent && (
        <Message variant="success" className="w-100 mb-0 py-1 small">
          {sent}
        </Message>
      )}
    </div>
  );
}

function UserRow({ user, permissions }: { user: AdminUser; permissions: string[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <tr>
      <td>
        <strong>{user.username}</strong> <span className="text-body-secondary small">#{user.id}</span>
        {user.name && <div className="small">{user.name}</div>}
        <div className="small text-body-secondary text-break">{user.email}</div>
        <UserActions user={user} permissions={permissions} />
      </td>
      <td>{t(`admin.users.role.${roleOf(user)}`)}</td>
      <td>
        {user.locked && <Badge bg="danger">{t('admin.users.locked')}</Badge>}{' '}
        {user.suspended && <Badge bg="warning">{t('admin.users.suspended')}</Badge>}
        {!user.locked && !user.suspended && t('admin.users.active')}
      </td>
      <td className="d-none d-md-table-cell">{format.date(user.date_joined)}</td>
    </tr>
  );
}

function UserSearch({ onSearch }: { onSearch: (form: { search: string; role: string }) => void }) {
  const t = useT();
  const [form, setForm] = useState({ search: '', role: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ search: form.search.trim(), role: form.role });
  };
  return (
    <Form
      onSubmit={submit}
      className="row g-2 align-items-end mb-3"
      role="search"
      aria-label={t('admin.users.title')}
    >
      <Form.Group className="col-12 col-md-6" controlId="users-search">
        <Form.Label className="small mb-1">{t('admin.users.search')}</Form.Label>
        <Form.Control
          type="search"
          value={form.search}
          onChange={(e) => setForm({ ...form, search: e.target.value })}
        />
      </Form.Group>
      <Form.Group className="col-7 col-md-3" controlId="users-role">
        <Form.Label className="small mb-1">{t('admin.users.roleLabel')}</Form.Label>
        <Form.Select value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
          <option value="">{t('admin.all')}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.users.role.${r}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <div className="col-5 col-md-3">
        <Button type="submit" className="w-100">
          {t('admin.orders.find')}
        </Button>
      </div>
    </Form>
  );
}

export function UsersScreen() {
  const t = useT();
  const permissions = useSession((s) => s.userInfo?.permissions) ?? [];
  const [query, setQuery] = useState({ search: '', role: '', offset: 0 });
  const users = useAdminUsers({
    search: query.search || undefined,
    role: query.role || undefined,
    offset: query.offset,
    limit: LIMIT,
  });
  return (
    <>
      <h2 className="visually-hidden">{t('admin.users.title')}</h2>
      <UserSearch onSearch={(form) => setQuery({ ...form, offset: 0 })} />
      {users.error && <Message variant="danger">{errorMessage(users.error)}</Message>}
      {!users.data ? (
        <Loader />
      ) : (
        <>
          <Table responsive size="sm" className="align-middle" data-testid="admin-users">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.account')}</th>
                <th scope="col">{t('admin.users.roleLabel')}</th>
                <th scope="col">{t('admin.users.state')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('admin.users.joined')}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.results.map((u) => (
                <UserRow key={u.id} user={u} permissions={permissions} />
              ))}
            </tbody>
          </Table>
          {users.data.count === 0 && <p>{t('admin.none')}</p>}
          <Pager
            offset={query.offset}
            limit={LIMIT}
            count={users.data.count}
            next={users.data.next}
            onOffset={(offset) => setQuery({ ...query, offset })}
          />
        </>
      )}
    </>
  );
}
