/** Pending, available and the next payout's estimate, side by side (stacked on a phone). */
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { FinanceBalance } from '@marktgasse/shared';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

/** Payout runs are made by the operator; the minimum is CHF 50 unless configured otherwise. */
const PAYOUT_MINIMUM = '50.00';

function Amount({
  label,
  value,
  help,
  testId,
}: {
  label: string;
  value: string;
  help: string;
  testId: string;
}) {
  return (
    <Col xs={12} md={4}>
      <Card className="h-100">
        <Card.Body>
          <h2 className="h6 text-body-secondary">{label}</h2>
          <p className="fs-4 fw-semibold mb-1" data-testid={testId}>
            {value}
          </p>
          <p className="small text-body-secondary mb-0">{help}</p>
        </Card.Body>
      </Card>
    </Col>
  );
}

export function BalanceCards({ balance }: { balance: FinanceBalance }) {
  const t = useT();
  const f = useFormat();
  const available = Number(balance.available);
  const next = available >= Number(PAYOUT_MINIMUM) ? f.money(balance.available) : f.money(0);
  return (
    <Row className="g-3 mb-4">
      <Amount
        label={t('earnings.pending')}
        value={f.money(balance.pending)}
        help={t('earnings.pendingHelp')}
        testId="earnings-pending"
      />
      <Amount
        label={t('earnings.available')}
        value={f.money(balance.available)}
        help={t('earnings.availableHelp')}
        testId="earnings-available"
      />
      <Amount
        label={t('earnings.next')}
        value={next}
        help={
          available >= Number(PAYOUT_MINIMUM)
            ? t('earnings.nextHelp')
            : t('earnings.nextBelowMinimum', { minimum: f.money(PAYOUT_MINIMUM) })
        }
        testId="earnings-next"
      />
    </Row>
  );
}
