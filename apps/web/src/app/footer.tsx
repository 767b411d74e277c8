import Container from 'react-bootstrap/Container';

export function Footer() {
  return (
    <footer className="border-top bg-white mt-5">
      <Container className="py-4 text-center small text-body-secondary">
        <p className="mb-1">Swiss shops, one cart — delivered or ready for pick-up.</p>
        <p className="mb-0">Copyright © {new Date().getFullYear()} Marktgasse</p>
      </Container>
    </footer>
  );
}
