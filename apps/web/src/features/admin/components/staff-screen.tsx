/**
 * Staff accounts (admin): the list with permissions, a form for a new account (with a password,
 * or invited by e-mail to choose one, decision 293; it sets up its second factor at its first
 * sign-in), and per account: permissions, a new invitation, disable or enable.
 */
import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { StaffAccount } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useStaffAction } from '../api/actions';
import { useStaffAccounts } from '../api/queries';
import { ActionDialog } from './action-dialog';
import { Pager } from './pager';

const LIMIT = 20;
// Named here, not imported: a value from @marktgasse/shared pulls zod into the chunk (decision 208).
const STAFF_PERMISSIONS = ['support', 'moderation', 'finance', 'admin'] as const;

function PermissionChecks({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const t = useT();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('admin.staff.permissions')}</legend>
      {STAFF_PERMISSIONS.map((p) => (
        <Form.Check
          key={p}
          id={`${idPrefix}-${p}`}
          label={`${t(`admin.permission.${p}`)} — ${t(`admin.permission.${p}.help`)}`}
          checked={value.includes(p)}
          onChange={(e) => onChange(e.target.checked ? [...value, p] : value.filter((v) => v !== p))}
        />
      ))}
    </fieldset>
  );
}

function NewStaff() {
  const t = useT();
  const action = useStaffAction();
  const [fields, setFields] = useState({ username: '', email: '', password: '' });
  const [permissions, setPermissions] = useState<string[]>(['support']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      {
        kind: 'create',
        username: fields.username.trim(),
        email: fields.email.trim(),
        ...(fields.password ? { password: fields.password } : {}),
        permissions,
      },
      { onSuccess: () => setFields({ username: '', email: '', password: '' }) },
    );
  };
  const field = (key: keyof typeof fields, type: string, autoComplete: string) => (
    <Form.Group controlId={`new-staff-${key}`} className="col-12 col-md-4">
      <Form.Label>{t(key === 'password' ? 'admin.staff.passwordOptional' : `admin.staff.${key}`)}</Form.Label>
      <Form.Control
        type={type}
        required={key !== 'password'}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </Form.Group>
  );
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{t('admin.staff.new')}</h2>
        {action.error && <Message variant="danger">{errorMessage(action.error)}</Message>}
        {action.isSuccess && (
          <Message variant="success">
            {t(
              action.variables.kind === 'create' && !action.variables.password
                ? 'admin.staff.invited'
                : 'admin.staff.created',
              {
                name: (action.data as StaffAccount).username,
              },
            )}
          </Message>
        )}
        <Form onSubmit={submit}>
          <div className="row g-2 mb-3">
            {field('username', 'text', 'off')}
            {field('email', 'email', 'off')}
            {field('password', 'password', 'new-password')}
          </div>
          <PermissionChecks idPrefix="new-staff" value={permissions} onChange={setPermissions} />
          <p className="small text-body-secondary">{t('admin.staff.enrolHint')}</p>
          <p className="small text-body-secondary">{t('admin.staff.inviteHint')}</p>
          <Button type="submit" disabled={action.isPending}>
            {t('admin.staff.create')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function StaffRow({ account }: { account: StaffAccount }) {
  const t = useT();
  const action = useStaffAction();
  const [permissions, setPermissions] = useState<string[]>(account.permissions);
  return (
    <tr>
      <td>
        <strong>{account.username}</strong>
        <div className="small text-body-secondary text-break">{account.email}</div>
        <div className="d-flex flex-wrap gap-2 mt-1">
          <ActionDialog
            opener={t('admin.staff.editPermissions')}
            title={t('admin.staff.permissionsOf', { name: account.username })}
            confirm={t('admin.staff.save')}
            variant="primary"
            optionalReason
            onSubmit={(reason) =>
              action.mutateAsync({ kind: 'permissions', id: account.id, permissions, reason })
            }
          >
            <PermissionChecks
              idPrefix={`staff-${account.id}`}
              value={permissions}
              onChange={setPermissions}
            />
          </ActionDialog>
          {!account.enrolled && !account.disabled && (
            <ActionDialog
              opener={t('admin.staff.invite')}
              title={t('admin.staff.inviteTitle', { name: account.username })}
              confirm={t('admin.staff.invite')}
              variant="primary"
              optionalReason
              onSubmit={(reason) => action.mutateAsync({ kind: 'invite', id: account.id, reason })}
            >
              <p className="small">{t('admin.staff.inviteBody')}</p>
            </ActionDialog>
          )}
          <ActionDialog
            opener={t(account.disabled ? 'admin.staff.enable' : 'admin.staff.disable')}
            title={t(account.disabled ? 'admin.staff.enableTitle' : 'admin.staff.disableTitle', {
              name: account.username,
            })}
            confirm={t(account.disabled ? 'admin.staff.enable' : 'admin.staff.disable')}
            variant={account.disabled ? 'primary' : 'danger'}
            onSubmit={(reason) =>
              action.mutateAsync({ kind: account.disabled ? 'enable' : 'disable', id: account.id, reason })
            }
          />
        </div>
      </td>
      <td>
        {account.permissions.map((p) => (
          <Badge key={p} bg="secondary" className="me-1">
            {t(`admin.permission.${p}`)}
          </Badge>
        ))}
      </td>
      <td>
        {account.disabled
          ? t('admin.staff.disabled')
          : account.enrolled
            ? t('admin.staff.active')
            : t('admin.staff.notEnrolled')}
      </td>
    </tr>
  );
}

export function StaffScreen() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const staff = useStaffAccounts({ offset, limit: LIMIT });
  return (
    <>
      <NewStaff />
      {staff.error && <Message variant="danger">{errorMessage(staff.error)}</Message>}
      {!staff.data ? (
        <Loader />
      ) : (
        <Table responsive size="sm" className="align-middle" data-testid="admin-staff">
          <thead>
            <tr>
              <th scope="col">{t('admin.staff.account')}</th>
              <th scope="col">{t('admin.staff.permissions')}</th>
              <th scope="col">{t('admin.staff.state')}</th>
            </tr>
          </thead>
          <tbody>
            {staff.data.results.map((a) => (
              <StaffRow key={`${a.id}-${a.permissions.join()}`} account={a} />
            ))}
          </tbody>
        </Table>
      )}
      {staff.data && (
        <Pager
          offset={offset}
          limit={LIMIT}
          count={staff.data.count}
          next={staff.data.next}
          onOffset={setOffset}
        />
      )}
    </>
  );
}
