/** The page of the reset link (decision 254): a new password by registration's rules, then sign in. */
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useResetPassword } from '../api/account-emails';
import { PasswordLinkForm } from '../components/password-link-form';

export function Component() {
  const t = useT();
  const reset = useResetPassword();
  return (
    <PasswordLinkForm
      link={reset}
      texts={{
        title: t('auth.reset.title'),
        save: t('auth.reset.save'),
        done: t('auth.reset.done'),
        next: { to: paths.login, label: t('nav.signIn') },
      }}
    />
  );
}
