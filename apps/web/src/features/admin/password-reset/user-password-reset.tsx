/**
 * The user detail screen's "send a password reset e-mail" (issue 29, decision 254): a reason
 * for the audit log, then the account's own address gets a single-use link. Staff never see
 * or set the password, and a staff account still needs its second factor afterwards.
 */
import { useT } from '../../../i18n';
import { Message } from '../../../components/message';
import { errorMessage } from '../../../lib/api-client';
import { ReasonForm } from '../components/reason-form';
import { useStaffPasswordReset } from './api';

export function UserPasswordReset({ userId }: { userId: number }) {
  const t = useT();
  const reset = useStaffPasswordReset();
  return (
    <section aria-labelledby={`password-reset-${userId}`} className="mt-3">
      <h2 className="h6" id={`password-reset-${userId}`}>
        {t('admin.passwordReset.title')}
      </h2>
      <p className="small text-body-secondary">{t('admin.passwordReset.hint')}</p>
      {reset.isSuccess && <Message variant="success">{reset.data.detail}</Message>}
      {reset.error && <Message variant="danger">{errorMessage(reset.error)}</Message>}
      <ReasonForm
        disabled={reset.isPending}
        buttons={[
          {
            label: t('admin.passwordReset.send'),
            onReason: (reason) => reset.mutate({ userId, reason }),
          },
        ]}
      />
    </section>
  );
}
