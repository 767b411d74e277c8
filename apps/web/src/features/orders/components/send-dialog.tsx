import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CARRIERS, sendBodySchema, type Carrier, type SendBody } from '@marktgasse/shared';
import { trapTab } from '../../../components/dialog-keys';
import { errorProps, FieldFeedback } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';

type Parcel = NonNullable<SendBody>;

/** What the form found wrong, as message keys: the tracking number, or a number without carrier. */
export function parcelErrors(
  carrier: Carrier | '',
  trackingNumber: string,
): { carrier?: string; tracking?: string } {
  const parsed = sendBodySchema.safeParse({
    carrier: carrier || null,
    trackingNumber: trackingNumber.trim() || null,
  });
  if (parsed.success) return {};
  const onCarrier = parsed.error.issues.some((issue) => issue.path[0] === 'carrier');
  const onNumber = parsed.error.issues.some((issue) => issue.path[0] === 'trackingNumber');
  return {
    ...(onNumber ? { tracking: 'orders.send.error.tracking' } : {}),
    ...(onCarrier && !onNumber ? { carrier: 'orders.send.error.carrier' } : {}),
  };
}

/** Mark As Sent: the carrier and tracking number, both optional, for the customer's tracking link. */
export function SendDialog({
  sellerOrderId,
  show,
  onClose,
  onConfirm,
  onExited,
}: {
  sellerOrderId: number;
  show: boolean;
  onClose: () => void;
  onConfirm: (parcel: Parcel) => Promise<unknown>;
  onExited?: () => void;
}) {
  const t = useT();
  const [carrier, setCarrier] = useState<Carrier | ''>('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; tracking?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const select = useRef<HTMLSelectElement>(null);

  // Once a check has failed, the messages follow what is typed or chosen.
  const change = (nextCarrier: Carrier | '', nextNumber: string) => {
    setCarrier(nextCarrier);
    setTrackingNumber(nextNumber);
    if (errors.carrier || errors.tracking) setErrors(parcelErrors(nextCarrier, nextNumber));
  };

  const close = () => {
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = parcelErrors(carrier, trackingNumber);
    setErrors(found);
    if (found.carrier || found.tracking) {
      document.getElementById(found.carrier ? 'send-carrier' : 'send-tracking')?.focus();
      return;
    }
    setPending(true);
    try {
      await onConfirm({ carrier: carrier || null, trackingNumber: trackingNumber.trim() || null });
      close();
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  const carrierError = errors.carrier ? t(errors.carrier) : undefined;
  const trackingError = errors.tracking ? t(errors.tracking) : undefined;
  return (
    <Modal
      show={show}
      onHide={close}
      centered
      aria-labelledby="send-dialog-title"
      onKeyDown={trapTab}
      onExited={onExited}
      onEntered={() => select.current?.focus()}
    >
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('components.confirm.close')}>
          <Modal.Title id="send-dialog-title" as="h2" className="h5">
            {t('orders.send.title', { id: sellerOrderId })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="send-carrier" className="mb-3">
            <Form.Label>{t('orders.send.carrier')}</Form.Label>
            <Form.Select
              ref={select}
              value={carrier}
              onChange={(e) => change(e.target.value as Carrier | '', trackingNumber)}
              {...errorProps('send-carrier', carrierError)}
            >
              <option value="">{t('orders.send.noCarrier')}</option>
              {CARRIERS.map((code) => (
                <option key={code} value={code}>
                  {code === 'other' ? t('orders.send.otherCarrier') : t(`orders.carrier.${code}`)}
                </option>
              ))}
            </Form.Select>
            <FieldFeedback id="send-carrier" error={carrierError} />
          </Form.Group>
          <Form.Group controlId="send-tracking">
            <Form.Label>{t('orders.send.trackingNumber')}</Form.Label>
            <Form.Control
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={60}
              value={trackingNumber}
              onChange={(e) => change(carrier, e.target.value)}
              {...errorProps('send-tracking', trackingError, 'send-tracking-help')}
            />
            <FieldFeedback id="send-tracking" error={trackingError} />
            <Form.Text id="send-tracking-help">{t('orders.send.help')}</Form.Text>
          </Form.Group>
          {failure && (
            <Message variant="danger" className="mt-3 mb-0">
              {failure}
            </Message>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {t('orders.send.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {t('orders.send.confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
