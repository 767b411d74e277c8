/**
 * Cancelling an invoice order paid by bank transfer (decisions 234, 250): the refund goes to a
 * bank account, so the dialog asks for its IBAN and holder and checks them before sending.
 */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { Order } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useCancelToAccount, type RefundAccount } from '../api/bank-refunds';
import { RefundAccountFields, useAccountCheck, type AccountErrors } from './refund-account-fields';

export function CancelToAccountDialog({
  order,
  show,
  onClose,
}: {
  order: Order;
  show: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const cancel = useCancelToAccount(String(order.id));
  const check = useAccountCheck();
  const [account, setAccount] = useState<RefundAccount>({ iban: '', accountHolder: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(account);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await cancel.mutateAsync({ iban: account.iban.trim(), accountHolder: account.accountHolder.trim() });
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="cancel-to-account-title">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel={t('components.confirm.close')}>
          <Modal.Title id="cancel-to-account-title" as="h2" className="h5">
            {t('orders.cancel.title', { id: order.id })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && <Message variant="danger">{failure}</Message>}
          <p>{t('orders.cancel.bodyBank', { amount: f.money(order.totalAmount) })}</p>
          <RefundAccountFields
            idPrefix="cancel-refund"
            value={account}
            errors={errors}
            onChange={setAccount}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('orders.cancelPart.keep')}
          </Button>
          <Button type="submit" variant="danger" disabled={cancel.isPending}>
            {cancel.isPending ? t('orders.cancel.cancelling') : t('orders.cancel.button')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
