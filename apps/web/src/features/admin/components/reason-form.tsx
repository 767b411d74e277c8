import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useT } from '../../../i18n';

export interface ReasonButton {
  label: string;
  variant?: string;
  onReason: (reason: string) => void;
}

/** A reason (required: it is shown to the seller and kept in the audit log) and one or more actions. */
export function ReasonForm({
  buttons,
  disabled,
  children,
}: {
  buttons: ReasonButton[];
  disabled?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [chosen, setChosen] = useState(0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    buttons[chosen]?.onReason(reason.trim());
  };
  return (
    <Form onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-end">
      {children}
      <Form.Group controlId={`${id}-reason`} className="flex-grow-1" style={{ minWidth: '12rem' }}>
        <Form.Label className="small mb-1">{t('admin.reason')}</Form.Label>
        <Form.Control
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={500}
          size="sm"
        />
      </Form.Group>
      {buttons.map((b, i) => (
        <Button
          key={b.label}
          type="submit"
          size="sm"
          variant={b.variant ?? 'primary'}
          disabled={disabled}
          onClick={() => setChosen(i)}
        >
          {b.label}
        </Button>
      ))}
    </Form>
  );
}
