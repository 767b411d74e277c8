/**
 * The page of the confirmation link (decision 253): confirms the address the link was sent for,
 * once. A change-of-address link (`?change=…`, decision 324) lands here too and makes the new
 * address the account's.
 */
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
import { useConfirmEmailChange } from '../api/account-changes';
import { useConfirmEmail } from '../api/account-emails';

export function Component() {
  const t = useT();
  const [params] = useSearchParams();
  const change = params.get('change');
  const token = change ?? params.get('token') ?? '';
  const title = t(change === null ? 'auth.confirm.title' : 'auth.confirm.changeTitle');
  usePageTitle(title);
  const signedIn = useSession((s) => Boolean(s.userInfo));
  const confirmAddress = useConfirmEmail();
  const confirmChange = useConfirmEmailChange();
  const confirm = change === null ? confirmAddress : confirmChange;
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, also under React's double effects in development: a link counts once.
    if (sent.current) return;
    sent.current = true;
    if (change === null) confirmAddress.mutate(token);
    else confirmChange.mutate(token);
  }, [change, confirmAddress, confirmChange, token]);

  return (
    <FormContainer>
      <Card className="shadow-sm auth-card">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-3">{title}</h1>
          {confirm.isPending && (
            <p role="status">
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {t(change === null ? 'auth.confirm.working' : 'auth.confirm.changeWorking')}
            </p>
          )}
          {confirmAddress.isSuccess && (
            <Message variant="success" id="confirm-email-done">
              {t('auth.confirm.done')}
            </Message>
          )}
          {confirmChange.isSuccess && (
            <Message variant="success" id="confirm-email-done">
              {t('auth.confirm.changeDone', { email: confirmChange.data.email })}
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
