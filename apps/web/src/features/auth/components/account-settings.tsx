/**
 * The profile's "E-mail address and password" section (decision 324): a new address with the
 * current password (a link goes to the new address), and a new password after the current one.
 * Each success says which address the server's notice went to (decision 328).
 */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { PASSWORD_MAX, PASSWORD_MIN, type User } from '@marktgasse/shared';
import { TextField } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useChangePassword, useRequestEmailChange } from '../api/account-changes';

/** The server's message for `field`, or undefined. */
function fieldError<F extends string>(error: unknown, field: F): string | undefined {
  const message = serverFieldErrors(error, [field])[field];
  return message && 'text' in message ? message.text : undefined;
}

export function AccountSettingsCard({ user }: { user: User }) {
  const t = useT();
  return (
    <Card className="shadow-sm" data-testid="account-settings">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">{t('auth.settings.heading')}</h2>
        <Row className="g-4">
          <Col md={6}>{user.is_staff ? <StaffEmailNote /> : <EmailChangeForm current={user.email} />}</Col>
          <Col md={6}>
            <PasswordChangeForm address={user.email} />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

function StaffEmailNote() {
  const t = useT();
  return <p className="small text-body-secondary mb-0">{t('auth.settings.staffEmail')}</p>;
}

/** `current`: the account's address, which is told of the asked change. */
function EmailChangeForm({ current }: { current: string }) {
  const t = useT();
  const change = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ email, password }, { onSuccess: () => setPassword('') });
  };
  const emailError = fieldError(change.error, 'email');
  const passwordError = fieldError(change.error, 'password');
  return (
    <Form id="email-change-form" aria-labelledby="email-change-heading" onSubmit={submit} noValidate>
      <h3 className="h6" id="email-change-heading">
        {t('auth.settings.emailHeading')}
      </h3>
      <p className="small text-body-secondary">{t('auth.settings.emailHelp')}</p>
      {change.isSuccess && (
        <Message variant="success" id="email-change-sent">
          {change.data.detail} {t('auth.settings.emailNotice', { email: current })}
        </Message>
      )}
      {change.error && !emailError && !passwordError && (
        <Message variant="danger" id="email-change-error">
          {errorMessage(change.error)}
        </Message>
      )}
      <TextField
        id="email-change-email"
        label={t('auth.settings.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onValueChange={setEmail}
        error={emailError}
      />
      <TextField
        id="email-change-password"
        label={t('auth.settings.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
        error={passwordError}
      />
      <Button type="submit" variant="outline-primary" disabled={change.isPending}>
        {change.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('auth.settings.changeEmail')}
      </Button>
    </Form>
  );
}

/** `address`: the account's address, which is told of the new password. */
function PasswordChangeForm({ address }: { address: string }) {
  const t = useT();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next !== repeat) {
      setMismatch(true);
      document.getElementById('password-change-repeat')?.focus();
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
        },
      },
    );
  };
  const currentError = fieldError(change.error, 'currentPassword');
  const newError = fieldError(change.error, 'newPassword');
  return (
    <Form id="password-change-form" aria-labelledby="password-change-heading" onSubmit={submit} noValidate>
      <h3 className="h6" id="password-change-heading">
        {t('auth.settings.passwordHeading')}
      </h3>
      {change.isSuccess && (
        <Message variant="success" id="password-change-done">
          {t('auth.settings.passwordDone', { email: address })}
        </Message>
      )}
      {change.error && !currentError && !newError && (
        <Message variant="danger" id="password-change-error">
          {errorMessage(change.error)}
        </Message>
      )}
      <TextField
        id="password-change-current"
        label={t('auth.settings.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onValueChange={setCurrent}
        error={currentError}
      />
      <TextField
        id="password-change-new"
        label={t('auth.settings.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        value={next}
        onValueChange={setNext}
        error={newError}
        aria-describedby="password-change-new-help"
      >
        <Form.Text id="password-change-new-help">
          {t('auth.register.passwordHelp', { min: PASSWORD_MIN })}
        </Form.Text>
      </TextField>
      <TextField
        id="password-change-repeat"
        label={t('auth.settings.repeatPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        onValueChange={setRepeat}
        error={mismatch ? t('auth.register.mismatch') : undefined}
      />
      <Button type="submit" variant="outline-primary" disabled={change.isPending}>
        {change.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('auth.settings.changePassword')}
      </Button>
    </Form>
  );
}
