/** The statements: one per payout run and one per month; choosing one shows its lines. */
import { useState } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useStatements, type StatementSummary } from '../api/finance';
import { StatementView } from './statement-view';

export function StatementsList() {
  const t = useT();
  const f = useFormat();
  const list = useStatements();
  const [chosen, setChosen] = useState<string | null>(null);
  if (list.isPending) return <Loader />;
  if (list.isError) return <Message variant="danger">{errorMessage(list.error)}</Message>;
  if (list.data.length === 0) return <Message variant="info">{t('earnings.noStatements')}</Message>;
  const label = (s: StatementSummary) =>
    s.kind === 'month'
      ? t('earnings.month', { month: s.id })
      : t('earnings.payoutRun', { run: s.id.slice('payout-'.length), date: f.date(s.to) });
  return (
    <>
      <ListGroup className="mb-2" data-testid="statements">
        {list.data.map((s) => (
          <ListGroup.Item
            key={s.id}
            action
            active={chosen === s.id}
            aria-pressed={chosen === s.id}
            onClick={() => setChosen(chosen === s.id ? null : s.id)}
          >
            {label(s)}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {chosen && <StatementView id={chosen} />}
    </>
  );
}
