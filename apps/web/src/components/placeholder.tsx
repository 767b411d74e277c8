import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { usePageTitle } from './page-title';

/** Shown by a route whose screen arrives with a later release. */
export function Placeholder({ title }: { title: string }) {
  const t = useT();
  usePageTitle(title);
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">{t('components.placeholder.body')}</p>
      <Link to="/">{t('error.back')}</Link>
    </Container>
  );
}
