/** The page of the confirmation link (decision 253): confirms the address the link was sent for, once. */
import { useEffect, useRef } from 'react';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { useConfirmEmail } from '../api/account-emails';

export function Component() {
  const t = useT();
  usePageTitle(t('auth.confirm.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useSession((s) => Boolean(s.userInfo));
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, also under React's double effects in development: a link counts once.
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  return (
    <FormContainer>
      <Card className="shadow-sm auth-card">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-3">{t('auth.confirm.title')}</h1>
          {confirm.isPending && (
            <p role="status">
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {t('auth.confirm.working')}
            </p>
          )}
          {confirm.isSuccess && (
            <Message variant="success" id="confirm-email-done">
              {t('auth.confirm.done')}
            </Message>
          )}
          {confirm.error && (
            <Message variant="danger" id="confirm-email-error">
              {errorMessage(confirm.error)}
            </Message>
          )}
          {!confirm.isPending && (
            <Link to={signedIn ? paths.profile : paths.login} className="btn btn-outline-primary">
              {signedIn ? t('nav.profile') : t('nav.signIn')}
            </Link>
          )}
        </Card.Body>
      </Card>
    </FormContainer>
  );
}
