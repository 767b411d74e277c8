/** The seller's earnings (/earnings, issue 26): balance, next payout, statements, payout account. */
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Navigate, useLocation } from 'react-router';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { loginFor } from '../../../config/paths';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { selectRole, useSession } from '../../../stores/session';
import { useBalance } from '../api/finance';
import { BalanceCards } from '../components/balance-cards';
import { PayoutAccountForm } from '../components/payout-account-form';
import { StatementsList } from '../components/statements-list';

export function Component() {
  const t = useT();
  usePageTitle(t('earnings.title'));
  const role = useSession(selectRole);
  const userId = useSession((s) => s.userInfo?.id ?? null);
  const location = useLocation();
  if (userId === null || role !== 'STORE_OWNER') return <Navigate to={loginFor(location.pathname)} replace />;
  return <Earnings userId={userId} />;
}

function Earnings({ userId }: { userId: number }) {
  const t = useT();
  const balance = useBalance();
  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">{t('earnings.title')}</h1>
      {balance.isPending && <Loader />}
      {balance.isError && <Message variant="danger">{errorMessage(balance.error)}</Message>}
      {balance.data && <BalanceCards balance={balance.data} />}
      <Row className="g-4">
        <Col lg={8}>
          <h2 className="h5">{t('earnings.statements')}</h2>
          <StatementsList />
        </Col>
        <Col lg={4}>
          <PayoutAccountForm userId={userId} />
        </Col>
      </Row>
    </Container>
  );
}
