import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { Role } from '@marktgasse/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { errorProps } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { useLogin } from '../api/login';
import { AccountType } from '../components/account-type';
import { safeRedirect } from '../lib/redirect';

export function Component() {
  const t = useT();
  usePageTitle(t('nav.signIn'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const signedIn = useSession((s) => Boolean(s.userInfo));
  const [role, setRole] = useState<Role>('CUSTOMER');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();

  useEffect(() => {
    if (signedIn) navigate(redirect, { replace: true });
  }, [signedIn, redirect, navigate]);

  // A refused sign-in marks both fields (which one was wrong is not told) and names the message.
  const fieldError = errorProps('login', login.error ? errorMessage(login.error) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ username: username.trim(), password, role });
  };

  return (
    <FormContainer>
      <Card className="shadow-sm auth-card">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-1" id="login-heading">
            {t('nav.signIn')}
          </h1>
          <p className="text-body-secondary mb-4">
            {role === 'CUSTOMER' ? t('auth.login.introCustomer') : t('auth.login.introSeller')}
          </p>
          {login.error && (
            <Message variant="danger" id="login-error">
              {errorMessage(login.error)}
            </Message>
          )}
          <Form id="login-form" aria-labelledby="login-heading" onSubmit={submit}>
            <AccountType value={role} onChange={setRole} />
            <Form.Group className="mb-3" controlId="login-username">
              <Form.Label>{t('auth.username')}</Form.Label>
              <Form.Control
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoComplete="username"
                required
                placeholder={t('auth.login.usernamePlaceholder')}
                {...fieldError}
              />
            </Form.Group>
            <Form.Group className="mb-2" controlId="login-password">
              <Form.Label>{t('auth.password')}</Form.Label>
              <Form.Control
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                required
                placeholder={t('auth.login.passwordPlaceholder')}
                {...fieldError}
              />
            </Form.Group>
            <p className="mb-4 text-end small">
              <Link to={paths.forgotPassword}>{t('auth.login.forgot')}</Link>
            </p>
            <Button type="submit" variant="primary" className="w-100" disabled={login.isPending}>
              {login.isPending && (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              {t('nav.signIn')}
            </Button>
          </Form>
          <p className="mt-4 mb-0 text-center">
            {t('auth.login.newCustomer')}{' '}
            <Link
              to={
                redirect === '/'
                  ? paths.register
                  : `${paths.register}?redirect=${encodeURIComponent(redirect)}`
              }
            >
              {t('auth.register.title')}
            </Link>
          </p>
        </Card.Body>
      </Card>
    </FormContainer>
  );
}
