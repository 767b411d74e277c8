import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../../../components/page-title';
import { RequireLogin } from './status-marks';

/** An order's page (customer or seller): signed-in only, its title in the tab and as its heading. */
export function OrderPage({
  pageTitle,
  title,
  children,
}: {
  pageTitle: string;
  title: string;
  children: ReactNode;
}) {
  usePageTitle(pageTitle);
  return (
    <RequireLogin>
      <Container className="py-4">
        <h1 className="h3 mb-3 text-break">{title}</h1>
        {children}
      </Container>
    </RequireLogin>
  );
}
