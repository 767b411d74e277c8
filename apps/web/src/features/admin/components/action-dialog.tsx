import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { trapTab } from '../../../components/dialog-keys';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';

/**
 * A back-office action behind a button: a dialog (title, the action's own fields, the reason
 * kept in the audit log) that closes on success and shows the server's `detail` on refusal.
 * Focus starts in the first field, Tab stays inside, Escape and Cancel close.
 */
export function ActionDialog({
  opener,
  title,
  confirm,
  variant = 'danger',
  optionalReason = false,
  children,
  onSubmit,
}: {
  opener: string;
  title: string;
  confirm: string;
  variant?: string;
  /** The server takes the action without a reason (it is still kept when given). */
  optionalReason?: boolean;
  children?: ReactNode;
  /** Runs the action with the reason; a thrown error stays in the dialog. */
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const t = useT();
  const id = useId();
  const [show, setShow] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setShow(false);
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!optionalReason && !reason.trim()) return setError(t('admin.reasonMissing'));
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      setReason('');
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant={`outline-${variant}`} onClick={() => setShow(true)}>
        {opener}
      </Button>
      <Modal show={show} onHide={close} centered aria-labelledby={`${id}-title`} onKeyDown={trapTab}>
        <Form onSubmit={submit} noValidate>
          <Modal.Header closeButton closeLabel={t('components.confirm.close')}>
            <Modal.Title id={`${id}-title`} as="h2" className="h5">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {error && <Message variant="danger">{error}</Message>}
            {children}
            <Form.Group controlId={`${id}-reason`}>
              <Form.Label>{t('admin.reason')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={500}
                required={!optionalReason}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Form.Text>{t('admin.reasonHelp')}</Form.Text>
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              {t('admin.dialog.cancel')}
            </Button>
            <Button type="submit" variant={variant} disabled={busy}>
              {confirm}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
