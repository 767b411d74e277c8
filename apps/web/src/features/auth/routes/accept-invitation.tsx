/**
 * The page of a new staff member's invitation link (decision 293): they choose their password,
 * then sign in to the back office, which sets up their second factor.
 */
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useAcceptInvitation } from '../api/account-emails';
import { PasswordLinkForm } from '../components/password-link-form';

export function Component() {
  const t = useT();
  const accept = useAcceptInvitation();
  return (
    <PasswordLinkForm
      link={accept}
      texts={{
        title: t('auth.invitation.title'),
        intro: t('auth.invitation.intro'),
        save: t('auth.invitation.save'),
        done: t('auth.invitation.done'),
        next: { to: paths.admin, label: t('auth.invitation.signIn') },
      }}
    />
  );
}
