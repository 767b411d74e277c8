import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { OrderItem } from '@marktgasse/shared';
import { trapTab } from '../../../components/dialog-keys';
import { errorProps } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';

/** Asks for the customer's pick-up code before an in-store item is handed over. */
export function PickupDialog({
  item,
  onClose,
  onConfirm,
  onExited,
}: {
  item: OrderItem | null;
  onClose: () => void;
  onConfirm: (code: string) => Promise<unknown>;
  /** After the dialog has gone (its focus trap released): where focus goes next. */
  onExited?: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('orders.pickup.missing'));
      return;
    }
    setPending(true);
    try {
      await onConfirm(code.trim());
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      show={!!item}
      onHide={close}
      centered
      aria-labelledby="pickup-dialog-title"
      aria-describedby="pickup-code-help"
      onKeyDown={trapTab}
      onExited={onExited}
      // The dialog takes the focus when shown; hand it on to the code field.
      onEntered={() => input.current?.focus()}
    >
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('components.confirm.close')}>
          <Modal.Title id="pickup-dialog-title" as="h2" className="h5">
            {t('orders.pickup.title', { name: item?.name ?? '' })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="pickup-code">
            <Form.Label>{t('orders.pickup.label')}</Form.Label>
            <Form.Control
              ref={input}
              autoComplete="off"
              autoCapitalize="characters"
              value={code}
              maxLength={20}
              onChange={(e) => setCode(e.target.value)}
              {...errorProps('pickup-code', error ?? undefined, 'pickup-code-help')}
            />
            <Form.Text id="pickup-code-help">{t('orders.pickup.help')}</Form.Text>
            {/* The message errorProps points at (an alert, so it is read when it appears). */}
            {error && (
              <Message variant="danger" id="pickup-code-error" className="mt-2 mb-0">
                {error}
              </Message>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {t('orders.pickup.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {t('orders.pickup.confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
