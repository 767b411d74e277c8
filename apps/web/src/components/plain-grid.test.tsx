import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Alert from 'react-bootstrap/Alert';
import BootstrapBadge from 'react-bootstrap/Badge';
import BootstrapCard from 'react-bootstrap/Card';
import BootstrapCol from 'react-bootstrap/Col';
import BootstrapContainer from 'react-bootstrap/Container';
import BootstrapRow from 'react-bootstrap/Row';
import { Message } from './message';
import { Badge, Card, Col, Container, Row } from './plain-grid';

/** The elements and classes in document order (attribute order aside). */
function shape(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.body.querySelectorAll('*')].map(
    (el) =>
      `${el.tagName} ${[...el.attributes]
        .map((a) => `${a.name}=${a.value}`)
        .sort()
        .join(' ')}`,
  );
}
const same = (plain: ReactElement, bootstrap: ReactElement) =>
  expect(shape(renderToStaticMarkup(plain))).toEqual(shape(renderToStaticMarkup(bootstrap)));

describe('the plain grid and messages (same look as React-Bootstrap)', () => {
  it('gives the grid the classes React-Bootstrap gives it', () => {
    same(
      <Container className="py-4">
        <Row className="g-4">
          <Col md={6} lg={5}>
            a
          </Col>
          <Col lg={3}>b</Col>
          <Col>c</Col>
          <Col xs={12} xl>
            d
          </Col>
        </Row>
      </Container>,
      <BootstrapContainer className="py-4">
        <BootstrapRow className="g-4">
          <BootstrapCol md={6} lg={5}>
            a
          </BootstrapCol>
          <BootstrapCol lg={3}>b</BootstrapCol>
          <BootstrapCol>c</BootstrapCol>
          <BootstrapCol xs={12} xl>
            d
          </BootstrapCol>
        </BootstrapRow>
      </BootstrapContainer>,
    );
  });

  it('gives cards and badges the classes React-Bootstrap gives them', () => {
    same(
      <Card className="shadow-sm">
        <Card.Body>
          <Badge bg="success" data-testid="stock-badge">
            x
          </Badge>
          <Badge className="fw-normal">y</Badge>
        </Card.Body>
      </Card>,
      <BootstrapCard className="shadow-sm">
        <BootstrapCard.Body>
          <BootstrapBadge bg="success" data-testid="stock-badge">
            x
          </BootstrapBadge>
          <BootstrapBadge className="fw-normal">y</BootstrapBadge>
        </BootstrapCard.Body>
      </BootstrapCard>,
    );
  });

  it('renders a message as a shown Alert', () => {
    same(
      <Message variant="danger" className="mb-3" id="m">
        Failed
      </Message>,
      <Alert variant="danger" className="mb-3" id="m" role="alert">
        Failed
      </Alert>,
    );
    same(
      <Message>Note</Message>,
      <Alert variant="info" role="status">
        Note
      </Alert>,
    );
  });
});
