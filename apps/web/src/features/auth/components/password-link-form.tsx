/**
 * The page of a mailed password link (decisions 254, 293): the password reset and a new staff
 * member's invitation. A new password by registration's rules, then sign in.
 */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { PASSWORD_MAX, PASSWORD_MIN } from '@marktgasse/shared';
import { Link, useSearchParams } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { errorProps } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import type { useResetPassword } from '../api/account-emails';

export interface PasswordLinkTexts {
  title: string;
  intro?: string;
  save: string;
  done: string;
  /** Where to sign in afterwards. */
  next: { to: string; label: string };
}

export function PasswordLinkForm({
  texts,
  link: reset,
}: {
  texts: PasswordLinkTexts;
  /** The mutation that sends {token, password}. */
  link: ReturnType<typeof useResetPassword>;
}) {
  const t = useT();
  usePageTitle(texts.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setMismatch(true);
      document.getElementById('reset-confirm')?.focus();
      return;
    }
    setMismatch(false);
    reset.mutate(
      { token, password },
      // Every session of the account ended on the server: this browser's too.
      { onSuccess: () => useSession.getState().logout() },
    );
  };
  const passwordError = errorProps(
    'reset-password',
    reset.error ? errorMessage(reset.error) : undefined,
    'reset-password-help',
  );
  const confirmError = errorProps('reset-confirm', mismatch ? t('auth.register.mismatch') : undefined);

  return (
    <FormContainer>
      <Card className="shadow-sm auth-card">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-1" id="reset-heading">
            {texts.title}
          </h1>
          {reset.isSuccess ? (
            <>
              <Message variant="success" id="reset-done">
                {texts.done}
              </Message>
              <Link to={texts.next.to} className="btn btn-primary">
                {texts.next.label}
              </Link>
            </>
          ) : (
            <Form id="reset-form" aria-labelledby="reset-heading" onSubmit={submit} className="mt-3">
              {texts.intro && <p>{texts.intro}</p>}
              {reset.error && (
                <Message variant="danger" id="reset-password-error">
                  {errorMessage(reset.error)}
                </Message>
              )}
              <Form.Group className="mb-3" controlId="reset-password">
                <Form.Label>{t('auth.reset.new')}</Form.Label>
                <Form.Control
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoComplete="new-password"
                  required
                  minLength={PASSWORD_MIN}
                  maxLength={PASSWORD_MAX}
                  {...passwordError}
                />
                <Form.Text id="reset-password-help">
                  {t('auth.register.passwordHelp', { min: PASSWORD_MIN })}
                </Form.Text>
              </Form.Group>
              <Form.Group className="mb-4" controlId="reset-confirm">
                <Form.Label>{t('auth.register.confirm')}</Form.Label>
                <Form.Control
                  type="password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.target.value)}
                  autoComplete="new-password"
                  required
                  {...confirmError}
                />
                {mismatch && (
                  <Message variant="danger" id="reset-confirm-error" className="mt-2 mb-0">
                    {t('auth.register.mismatch')}
                  </Message>
                )}
              </Form.Group>
              <Button type="submit" className="w-100" disabled={reset.isPending}>
                {reset.isPending && (
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                )}
                {texts.save}
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </FormContainer>
  );
}
