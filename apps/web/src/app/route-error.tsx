import Container from 'react-bootstrap/Container';
import { Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">Something went wrong</h1>
      <p className="text-body-secondary">Please reload the page. If it happens again, try later.</p>
      <Link to="/">Back to the shop</Link>
    </Container>
  );
}
