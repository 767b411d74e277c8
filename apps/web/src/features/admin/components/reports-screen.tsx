import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useAdminAction } from '../api/actions';
import { useReports } from '../api/queries';
import type { ReportPage } from '@marktgasse/shared';
import { ActionDialog } from './action-dialog';
import { Pager } from './pager';
import { ReasonForm } from './reason-form';

const LIMIT = 20;

const ACT = {
  product: { kind: 'hide', label: 'admin.moderation.hide' },
  review: { kind: 'remove-review', label: 'admin.moderation.removeReview' },
  seller: { kind: 'suspend', label: 'admin.moderation.suspend' },
} as const;

/** Hides the product, removes the review or suspends the seller a report names, and marks the report acted on. */
function ActOnReport({ report }: { report: ReportPage['results'][number] }) {
  const t = useT();
  const action = useAdminAction();
  const act = ACT[report.kind];
  return (
    <ActionDialog
      opener={t(act.label)}
      title={t(`admin.reports.kind.${report.kind}`, { id: report.object })}
      confirm={t(act.label)}
      onSubmit={async (reason) => {
        await action.mutateAsync({ kind: act.kind, id: report.object, reason });
        await action.mutateAsync({ kind: 'report', id: report.id, status: 'acted', reason });
      }}
    >
      {report.text && <blockquote className="border-start ps-2">{report.text}</blockquote>}
    </ActionDialog>
  );
}

/** The queue of users' reports: open first by default; act on the object, or mark or dismiss with a note. */
export function ReportsScreen() {
  const t = useT();
  const format = useFormat();
  const [status, setStatus] = useState('open');
  const [offset, setOffset] = useState(0);
  const reports = useReports({ status: status || undefined, offset, limit: LIMIT });
  const action = useAdminAction();
  return (
    <>
      <Form.Group controlId="reports-status" className="mb-3" style={{ maxWidth: '14rem' }}>
        <Form.Label className="small mb-1">{t('admin.reports.status')}</Form.Label>
        <Form.Select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setOffset(0);
          }}
        >
          <option value="">{t('admin.all')}</option>
          {(['open', 'acted', 'dismissed'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`admin.reports.${s}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {(reports.error ?? action.error) && (
        <Message variant="danger">{errorMessage(reports.error ?? action.error)}</Message>
      )}
      {!reports.data ? (
        <Loader />
      ) : (
        <ul className="list-unstyled" data-testid="admin-reports">
          {reports.data.results.map((r) => (
            <li key={r.id} className="border-top py-2">
              <div>
                <strong>
                  {t(`admin.reports.kind.${r.kind}`, { id: r.object })}
                  {r.object_name && ` — ${r.object_name}`}
                </strong>{' '}
                · {t(`admin.reports.reason.${r.reason}`)} · {t(`admin.reports.${r.status}`)} · {r.reporter} ·{' '}
                {format.date(r.created_at)}
              </div>
              {r.text && <p className="mb-1">{r.text}</p>}
              {r.status === 'open' && (
                <div className="mb-2">
                  <ActOnReport report={r} />
                </div>
              )}
              {r.status === 'open' && (
                <ReasonForm
                  disabled={action.isPending}
                  buttons={[
                    {
                      label: t('admin.reports.markActed'),
                      onReason: (reason) =>
                        action.mutate({ kind: 'report', id: r.id, status: 'acted', reason }),
                    },
                    {
                      label: t('admin.reports.dismiss'),
                      variant: 'outline-secondary',
                      onReason: (reason) =>
                        action.mutate({ kind: 'report', id: r.id, status: 'dismissed', reason }),
                    },
                  ]}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {reports.data?.count === 0 && <p>{t('admin.none')}</p>}
      {reports.data && (
        <Pager
          offset={offset}
          limit={LIMIT}
          count={reports.data.count}
          next={reports.data.next}
          onOffset={setOffset}
        />
      )}
    </>
  );
}
