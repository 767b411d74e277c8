/** The profile's line about the address (decision 253): confirmed, or not yet with a "send again" button. */
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { User } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useResendConfirmation } from '../api/account-emails';

export function EmailStatus({ user }: { user: User }) {
  const t = useT();
  const resend = useResendConfirmation();
  if (user.emailConfirmed === undefined) return null;
  if (user.emailConfirmed)
    return (
      <Badge bg="success" className="mb-2" data-testid="email-confirmed">
        {t('auth.email.confirmed')}
      </Badge>
    );
  return (
    <div className="mb-2" data-testid="email-unconfirmed">
      <p className="small mb-2">{t('auth.email.unconfirmed')}</p>
      {resend.isSuccess ? (
        <Message variant="success">{resend.data.detail}</Message>
      ) : (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
        >
          {t('auth.email.resend')}
        </Button>
      )}
      {resend.error && (
        <Message variant="danger" className="mt-2">
          {errorMessage(resend.error)}
        </Message>
      )}
    </div>
  );
}
