import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { usePageTitle } from './page-title';

/** Shown by a route whose screen arrives with a later release. */
export function Placeholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">This page is being built and will open here soon.</p>
      <Link to="/">Back to the shop</Link>
    </Container>
  );
}
