import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ReportCreate } from '@marktgasse/shared';
import { useMutation } from '@tanstack/react-query';
import { useT } from '../i18n';
import { api, errorMessage } from '../lib/api-client';
import { Message } from './message';

/**
 * "Report" on a product, review or seller (signed-in users, issue 29): a reason from a short
 * list and a text, sent to the moderation team's queue (POST /api/reports/).
 */
// The shared package's REPORT_REASONS, by type: importing its values would pull zod into every page.
const REPORT_REASONS = [
  'counterfeit',
  'prohibited',
  'misleading',
  'offensive',
  'spam',
  'other',
] as const satisfies readonly ReportCreate['reason'][];

export function ReportAction({ kind, id }: { kind: 'product' | 'review' | 'seller'; id: number }) {
  const t = useT();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<(typeof REPORT_REASONS)[number]>('counterfeit');
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => api('/api/reports/', { method: 'POST', body: { kind, id, reason, text: text.trim() } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  if (send.isSuccess) return <Message variant="success">{t('components.report.sent')}</Message>;
  return (
    <div className="my-2">
      <Button
        variant="link"
        size="sm"
        className="px-0"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('components.report.open')}
      </Button>
      {open && (
        <Form id={formId} onSubmit={submit} className="border rounded p-2 small">
          {send.error && <Message variant="danger">{errorMessage(send.error)}</Message>}
          <Form.Group className="mb-2" controlId={`${formId}-reason`}>
            <Form.Label>{t('components.report.reason')}</Form.Label>
            <Form.Select
              size="sm"
              value={reason}
              onChange={(e) => setReason(e.target.value as typeof reason)}
            >
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`components.report.reason.${r}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-2" controlId={`${formId}-text`}>
            <Form.Label>{t('components.report.text')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" size="sm" disabled={send.isPending}>
            {t('components.report.send')}
          </Button>
        </Form>
      )}
    </div>
  );
}
