import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { OrderItem } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { errorMessage } from '../../../lib/api-client';

/** Asks for the customer's pick-up code before an in-store item is handed over. */
export function PickupDialog({
  item,
  onClose,
  onConfirm,
}: {
  item: OrderItem | null;
  onClose: () => void;
  onConfirm: (code: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the pick-up code the customer shows you.');
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
    <Modal show={!!item} onHide={close} centered aria-labelledby="pickup-dialog-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="pickup-dialog-title" as="h2" className="h5">
            Hand over {item?.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Message variant="danger">{error}</Message>}
          <Form.Group controlId="pickup-code">
            <Form.Label>Pick-up code</Form.Label>
            <Form.Control
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              value={code}
              maxLength={20}
              onChange={(e) => setCode(e.target.value)}
            />
            <Form.Text>The customer finds the code on their order page.</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Confirm Pick-up
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
