/**
 * The IBAN and account holder a bank refund goes to, checked as the server checks them (a valid
 * IBAN that is not a QR-IBAN, a holder of at most 70 characters) before anything is sent.
 */
import Form from 'react-bootstrap/Form';
import { refundIbanProblem } from '@marktgasse/shared';
import { useT } from '../../../i18n';
import type { RefundAccount } from '../api/bank-refunds';

export type AccountErrors = Partial<Record<keyof RefundAccount, string>>;

/** The problems of the typed account, in the reader's language; empty when it can be sent. */
export function useAccountCheck(): (account: RefundAccount) => AccountErrors {
  const t = useT();
  return (account) => {
    const errors: AccountErrors = {};
    const problem = refundIbanProblem(account.iban);
    if (!account.iban.trim()) errors.iban = t('orders.refundAccount.ibanMissing');
    else if (problem === 'qrIban') errors.iban = t('orders.refundAccount.ibanQr');
    else if (problem) errors.iban = t('orders.refundAccount.ibanInvalid');
    const holder = account.accountHolder.trim();
    if (!holder) errors.accountHolder = t('orders.refundAccount.holderMissing');
    else if (holder.length > 70) errors.accountHolder = t('orders.refundAccount.holderTooLong');
    return errors;
  };
}

export function RefundAccountFields({
  idPrefix,
  value,
  errors,
  onChange,
}: {
  idPrefix: string;
  value: RefundAccount;
  errors: AccountErrors;
  onChange: (value: RefundAccount) => void;
}) {
  const t = useT();
  return (
    <>
      <Form.Group controlId={`${idPrefix}-iban`} className="mb-3">
        <Form.Label>{t('orders.refundAccount.iban')}</Form.Label>
        <Form.Control
          value={value.iban}
          onChange={(e) => onChange({ ...value, iban: e.target.value })}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          placeholder="CH93 0076 2011 6238 5295 7"
          maxLength={42}
          isInvalid={Boolean(errors.iban)}
          aria-describedby={`${idPrefix}-iban-help`}
          className="font-monospace"
        />
        <Form.Text id={`${idPrefix}-iban-help`}>{t('orders.refundAccount.ibanHelp')}</Form.Text>
        <Form.Control.Feedback type="invalid">{errors.iban}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-holder`} className="mb-1">
        <Form.Label>{t('orders.refundAccount.holder')}</Form.Label>
        <Form.Control
          value={value.accountHolder}
          onChange={(e) => onChange({ ...value, accountHolder: e.target.value })}
          autoComplete="name"
          maxLength={200}
          isInvalid={Boolean(errors.accountHolder)}
        />
        <Form.Control.Feedback type="invalid">{errors.accountHolder}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
