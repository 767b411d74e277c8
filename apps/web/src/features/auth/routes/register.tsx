import { useEffect } from 'react';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session';
import { useRegister } from '../api/register';
import { RegisterForm } from '../components/register-form';
import { safeRedirect } from '../lib/redirect';

export function Component() {
  const t = useT();
  usePageTitle(t('auth.register.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const signedIn = useSession((s) => Boolean(s.userInfo));
  const register = useRegister();

  useEffect(() => {
    if (signedIn) navigate(redirect, { replace: true });
  }, [signedIn, redirect, navigate]);

  return (
    <FormContainer>
      <Card className="shadow-sm auth-card">
        <Card.Body className="p-4 p-md-5">
          <h1 className="h3 mb-1" id="register-heading">
            {t('auth.register.title')}
          </h1>
          <p className="text-body-secondary mb-4">{t('auth.register.intro')}</p>
          <RegisterForm
            labelledBy="register-heading"
            pending={register.isPending}
            error={register.error ? errorMessage(register.error) : null}
            onSubmit={(values) => register.mutate(values)}
          />
          <p className="mt-4 mb-0 text-center">
            {t('auth.register.haveAccount')}{' '}
            <Link
              to={redirect === '/' ? paths.login : `${paths.login}?redirect=${encodeURIComponent(redirect)}`}
            >
              {t('nav.signIn')}
            </Link>
          </p>
        </Card.Body>
      </Card>
    </FormContainer>
  );
}
