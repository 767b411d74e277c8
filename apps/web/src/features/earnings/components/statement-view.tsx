/** One statement: its lines (date, order, gross, commission, net), totals, CSV and PDF. */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { useStatement } from '../api/finance';

function Downloads({ id }: { id: string }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const get = (format: 'csv' | 'pdf') =>
    downloadFile(`/api/finance/statements/${id}.${format}/`, `statement-${id}.${format}`).catch(
      (e: unknown) => setError(errorMessage(e)),
    );
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      <Button variant="outline-secondary" size="sm" onClick={() => void get('csv')}>
        {t('earnings.downloadCsv')}
      </Button>
      <Button variant="outline-secondary" size="sm" onClick={() => void get('pdf')}>
        {t('earnings.downloadPdf')}
      </Button>
      {error && <Message variant="danger">{error}</Message>}
    </div>
  );
}

export function StatementView({ id }: { id: string }) {
  const t = useT();
  const f = useFormat();
  const statement = useStatement(id);
  if (statement.isPending) return <Loader />;
  if (statement.isError) return <Message variant="danger">{errorMessage(statement.error)}</Message>;
  const s = statement.data;
  const kind = (k: string) => (['sold', 'refund', 'payout'].includes(k) ? t(`earnings.kind.${k}`) : k);
  return (
    <section aria-labelledby="statement-title" className="mt-3">
      <h3 id="statement-title" className="h6">
        {t('earnings.statementTitle', { id })}
      </h3>
      <Downloads id={id} />
      <div className="table-responsive">
        <Table size="sm" className="align-middle" data-testid="statement-lines">
          <thead>
            <tr>
              <th scope="col">{t('earnings.col.date')}</th>
              <th scope="col">{t('earnings.col.entry')}</th>
              <th scope="col">{t('earnings.col.order')}</th>
              <th scope="col" className="text-end">
                {t('earnings.col.gross')}
              </th>
              <th scope="col" className="text-end">
                {t('earnings.col.commission')}
              </th>
              <th scope="col" className="text-end">
                {t('earnings.col.net')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={5}>{t('earnings.opening')}</td>
              <td className="text-end">{f.money(s.opening)}</td>
            </tr>
            {s.lines.map((line, i) => (
              <tr key={i}>
                <td className="text-nowrap">{f.date(line.date)}</td>
                <td>{kind(line.kind)}</td>
                <td>{line.order ?? ''}</td>
                <td className="text-end text-nowrap">{f.money(line.gross)}</td>
                <td className="text-end text-nowrap">{f.money(line.commission)}</td>
                <td className="text-end text-nowrap">{f.money(line.net)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fw-semibold">
              <td colSpan={3}>{t('earnings.totals')}</td>
              <td className="text-end text-nowrap">{f.money(s.totals.gross)}</td>
              <td className="text-end text-nowrap">{f.money(s.totals.commission)}</td>
              <td className="text-end text-nowrap">{f.money(s.totals.net)}</td>
            </tr>
            <tr className="fw-semibold">
              <td colSpan={5}>{t('earnings.closing')}</td>
              <td className="text-end text-nowrap">{f.money(s.closing)}</td>
            </tr>
          </tfoot>
        </Table>
      </div>
    </section>
  );
}
