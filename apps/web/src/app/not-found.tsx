import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { usePageTitle } from '../components/page-title';

export function Component() {
  usePageTitle('Page not found');
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">There is nothing at this address.</p>
      <Link to="/">Back to the shop</Link>
    </Container>
  );
}
