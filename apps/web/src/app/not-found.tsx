import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { usePageTitle } from '../components/page-title';
import { useT } from '../i18n';

export function Component() {
  const t = useT();
  usePageTitle(t('notFound.title'));
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">{t('notFound.title')}</h1>
      <p className="text-body-secondary">{t('notFound.body')}</p>
      <Link to="/">{t('error.back')}</Link>
    </Container>
  );
}
