/** The IBAN and account holder payouts go to (the seller's own profile fields). */
import { useEffect, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TextField } from '../../../components/form-field';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOwnProfile, useSavePayoutAccount } from '../api/finance';

export function PayoutAccountForm({ userId }: { userId: number }) {
  const t = useT();
  const profile = useOwnProfile(userId);
  const save = useSavePayoutAccount(userId);
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!profile.data) return;
    setIban(profile.data.iban ?? '');
    setHolder(profile.data.accountHolder ?? '');
  }, [profile.data]);
  const fieldError = (field: string) =>
    save.error instanceof ApiError
      ? save.error.fieldErrors.find((e) => e.field === field)?.message
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate({ iban, accountHolder: holder }, { onSuccess: () => setSaved(true) });
  };
  return (
    <Form noValidate onSubmit={submit} aria-labelledby="payout-account-title" className="mb-4">
      <h2 id="payout-account-title" className="h5">
        {t('earnings.account.title')}
      </h2>
      <TextField
        id="payout-holder"
        label={t('earnings.account.holder')}
        value={holder}
        onValueChange={setHolder}
        error={fieldError('accountHolder')}
        autoComplete="name"
      />
      <TextField
        id="payout-iban"
        label={t('earnings.account.iban')}
        value={iban}
        onValueChange={setIban}
        error={fieldError('iban')}
        placeholder="CH56 0483 5012 3456 7800 9"
        spellCheck={false}
      >
        <Form.Text>{t('earnings.account.help')}</Form.Text>
      </TextField>
      {save.isError && !fieldError('iban') && !fieldError('accountHolder') && (
        <Message variant="danger">{errorMessage(save.error)}</Message>
      )}
      {saved && (
        <Message variant="success" live>
          {t('earnings.account.saved')}
        </Message>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('earnings.account.saving') : t('earnings.account.save')}
      </Button>
    </Form>
  );
}
