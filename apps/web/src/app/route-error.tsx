import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useT } from '../i18n';

/** Shown instead of a screen that failed to render or to load (the router's error boundary logs it). */
export function RouteError() {
  const t = useT();
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">{t('error.title')}</h1>
      <p className="text-body-secondary">{t('error.body')}</p>
      <Link to="/">{t('error.back')}</Link>
    </Container>
  );
}
