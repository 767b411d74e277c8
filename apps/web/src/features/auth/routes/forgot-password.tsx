/** "Forgot password?" (decision 254): asks for a reset link; the answer never tells whether an account matched. */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/account-emails';

export function Component() {
  const t = useT();
  usePageTitle(t('auth.forgot.title'));
  const [login, setLogin] = useState('');
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(login.trim());
  };

  return (
    <FormContainer>
      <Card className="shadow-sm auth-card">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-1" id="forgot-heading">
            {t('auth.forgot.title')}
          </h1>
          <p className="text-body-secondary mb-4">{t('auth.forgot.intro')}</p>
          {request.isSuccess ? (
            <Message variant="success" id="forgot-sent">
              {request.data.detail}
            </Message>
          ) : (
            <Form id="forgot-form" aria-labelledby="forgot-heading" onSubmit={submit}>
              {request.error && (
                <Message variant="danger" id="forgot-error">
                  {errorMessage(request.error)}
                </Message>
              )}
              <Form.Group className="mb-4" controlId="forgot-login">
                <Form.Label>{t('auth.forgot.login')}</Form.Label>
                <Form.Control
                  value={login}
                  onChange={(e) => setLogin(e.target.value)}
                  autoComplete="username"
                  required
                  maxLength={254}
                />
              </Form.Group>
              <Button type="submit" className="w-100" disabled={request.isPending}>
                {request.isPending && (
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                )}
                {t('auth.forgot.send')}
              </Button>
            </Form>
          )}
          <p className="mt-4 mb-0 text-center">
            <Link to={paths.login}>{t('auth.forgot.back')}</Link>
          </p>
        </Card.Body>
      </Card>
    </FormContainer>
  );
}
