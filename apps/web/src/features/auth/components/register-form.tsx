import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { PASSWORD_MIN, type Role } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { RoleTabs } from './role-tabs';

export const PASSWORD_MISMATCH = 'Passwords do not match';

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
}: {
  onSubmit: (values: RegisterValues) => void;
  pending?: boolean;
  error?: string | null;
}) {
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
      return;
    }
    setMismatch(false);
    onSubmit({ username: username.trim(), email: email.trim(), password, status });
  };

  return (
    <>
      <RoleTabs value={status} onChange={setStatus} panelId="register-form" />
      {mismatch && <Message variant="danger">{PASSWORD_MISMATCH}</Message>}
      {error && <Message variant="danger">{error}</Message>}
      <Form id="register-form" role="tabpanel" onSubmit={submit} noValidate={false}>
        <Form.Group className="mb-3" controlId="register-username">
          <Form.Label>Username</Form.Label>
          <Form.Control
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="username"
            required
            minLength={3}
            maxLength={40}
            placeholder="Enter a username"
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="register-email">
          <Form.Label>Email Address</Form.Label>
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
          <Form.Label>Password</Form.Label>
          <Form.Control
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            aria-describedby="register-password-help"
          />
          <Form.Text id="register-password-help">At least {PASSWORD_MIN} characters.</Form.Text>
        </Form.Group>
        <Form.Group className="mb-4" controlId="register-confirm">
          <Form.Label>Confirm Password</Form.Label>
          <Form.Control
            type="password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
            required
            isInvalid={mismatch}
          />
        </Form.Group>
        <Button type="submit" variant="primary" className="w-100" disabled={pending}>
          {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Register
        </Button>
      </Form>
    </>
  );
}
