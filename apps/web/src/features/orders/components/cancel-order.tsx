/**
 * Cancelling: the customer's "Cancel order" (with the shared confirmation dialog) and the
 * seller's "Cancel my part" (with a reason the customer reads). The server decides; a refusal
 * shows its `detail`.
 */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import type { Order } from '@marktgasse/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCancelOrder, useCancelSellerOrder } from '../api/orders';
import { nothingHandedOver } from '../lib/order-totals';
import { CancelToAccountDialog } from './cancel-to-account';

/** The customer's "Cancel order", while the order is open and nothing was handed over. */
export function CancelOrderBox({ order }: { order: Order }) {
  const t = useT();
  const f = useFormat();
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder(String(order.id));
  const open = order.status === 'pending' || order.status === 'paid' || order.status === 'partlyRefunded';
  if (!open || !nothingHandedOver(order.sellerOrder)) return null;
  // An invoice is paid by bank transfer: its refund needs the customer's account (decision 250).
  const byBank = order.isPaid && order.paymentMethod === 'Invoice';
  return (
    <ListGroup.Item className="py-3">
      {cancel.isError && <Message variant="danger">{errorMessage(cancel.error)}</Message>}
      <Button
        variant="outline-danger"
        className="w-100"
        disabled={cancel.isPending}
        onClick={() => setAsking(true)}
      >
        {cancel.isPending ? t('orders.cancel.cancelling') : t('orders.cancel.button')}
      </Button>
      {byBank ? (
        <CancelToAccountDialog order={order} show={asking} onClose={() => setAsking(false)} />
      ) : (
        <ConfirmDialog
          show={asking}
          title={t('orders.cancel.title', { id: order.id })}
          body={
            order.isPaid
              ? t('orders.cancel.bodyPaid', { amount: f.money(order.totalAmount) })
              : t('orders.cancel.bodyUnpaid')
          }
          onClose={() => setAsking(false)}
          onConfirm={() => cancel.mutate()}
        />
      )}
    </ListGroup.Item>
  );
}

/** The seller's "Cancel my part" with the reason for the customer. */
export function CancelPartButton({ id, paid }: { id: number; paid: boolean }) {
  const t = useT();
  const cancel = useCancelSellerOrder(String(id));
  const [show, setShow] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setShow(false);
    setError(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('orders.cancelPart.missing'));
    try {
      await cancel.mutateAsync(reason.trim());
      close();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <>
      <Button variant="outline-danger" className="w-100" onClick={() => setShow(true)}>
        {t('orders.cancelPart.button')}
      </Button>
      <Modal show={show} onHide={close} centered aria-labelledby="cancel-part-title">
        <Form onSubmit={submit} noValidate>
          <Modal.Header closeButton closeLabel={t('components.confirm.close')}>
            <Modal.Title id="cancel-part-title" as="h2" className="h5">
              {t('orders.cancelPart.title', { id })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {error && <Message variant="danger">{error}</Message>}
            <p>{paid ? t('orders.cancelPart.bodyPaid') : t('orders.cancelPart.bodyUnpaid')}</p>
            {paid && <p className="small text-body-secondary">{t('orders.cancelPart.bankNote')}</p>}
            <Form.Group controlId="cancel-reason">
              <Form.Label>{t('orders.cancelPart.reason')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              {t('orders.cancelPart.keep')}
            </Button>
            <Button type="submit" variant="danger" disabled={cancel.isPending}>
              {t('orders.cancelPart.confirm')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}
