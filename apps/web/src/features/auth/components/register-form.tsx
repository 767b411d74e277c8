import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { PASSWORD_MIN, type Role } from '@marktgasse/shared';
import { errorProps } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { AccountType } from './account-type';

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  status: Role;
}

/** The registration form; `onSubmit` runs only when password and confirmation agree (spec §5). */
export function RegisterForm({
  onSubmit,
  pending = false,
  error,
  labelledBy,
}: {
  onSubmit: (values: RegisterValues) => void;
  pending?: boolean;
  error?: string | null;
  /** The id of the page heading that names the form. */
  labelledBy?: string;
}) {
  const t = useT();
  const [status, setStatus] = useState<Role>('CUSTOMER');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setMismatch(true);
      document.getElementById('register-confirm')?.focus();
      return;
    }
    setMismatch(false);
    onSubmit({ username: username.trim(), email: email.trim(), password, status });
  };

  return (
    <>
      {error && <Message variant="danger">{error}</Message>}
      <Form id="register-form" aria-labelledby={labelledBy} onSubmit={submit} noValidate={false}>
        <AccountType value={status} onChange={setStatus} />
        <Form.Group className="mb-3" controlId="register-username">
          <Form.Label>{t('auth.username')}</Form.Label>
          <Form.Control
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            required
            minLength={3}
            maxLength={40}
            placeholder={t('auth.register.usernamePlaceholder')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="register-email">
          <Form.Label>{t('auth.email')}</Form.Label>
          <Form.Control
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            required
            placeholder="name@example.ch"
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="register-password">
          <Form.Label>{t('auth.password')}</Form.Label>
          <Form.Control
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            aria-describedby="register-password-help"
          />
          <Form.Text id="register-password-help">
            {t('auth.register.passwordHelp', { min: PASSWORD_MIN })}
          </Form.Text>
        </Form.Group>
        <Form.Group className="mb-4" controlId="register-confirm">
          <Form.Label>{t('auth.register.confirm')}</Form.Label>
          <Form.Control
            type="password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
            required
            {...errorProps('register-confirm', mismatch ? 'mismatch' : undefined)}
          />
          {/* The confirmation's error, read when it appears and named by the field. */}
          {mismatch && (
            <Message variant="danger" id="register-confirm-error" className="mt-2 mb-0">
              {t('auth.register.mismatch')}
            </Message>
          )}
        </Form.Group>
        <Button type="submit" variant="primary" className="w-100" disabled={pending}>
          {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.register.title')}
        </Button>
      </Form>
    </>
  );
}
