import Container from 'react-bootstrap/Container';
import { Link, useRouteError } from 'react-router';
import { useT } from '../i18n';

export function RouteError() {
  const error = useRouteError();
  const t = useT();
  console.error(error);
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">{t('error.title')}</h1>
      <p className="text-body-secondary">{t('error.body')}</p>
      <Link to="/">{t('error.back')}</Link>
    </Container>
  );
}
