/** The IBAN and account holder payouts go to (the seller's own profile fields). */
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Profile } from '@marktgasse/shared';
import { TextField } from '../../../components/form-field';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useOwnProfile, useSavePayoutAccount } from '../api/finance';

export function PayoutAccountForm({ userId }: { userId: number }) {
  const t = useT();
  const profile = useOwnProfile(userId);
  if (profile.data) return <PayoutAccountFields userId={userId} profile={profile.data} />;
  return (
    <div className="mb-4">
      <h2 className="h5">{t('earnings.account.title')}</h2>
      {profile.error ? <Message variant="danger">{errorMessage(profile.error)}</Message> : <Loader />}
    </div>
  );
}

/**
 * The fields start from the profile as it was loaded and are the seller's from then on: a later
 * answer for the profile (a refetch, or the first one arriving late) never overwrites what they
 * typed, which a save would then have stored in its place.
 */
function PayoutAccountFields({ userId, profile }: { userId: number; profile: Profile }) {
  const t = useT();
  const save = useSavePayoutAccount(userId);
  const [iban, setIban] = useState(profile.iban ?? '');
  const [holder, setHolder] = useState(profile.accountHolder ?? '');
  const [saved, setSaved] = useState(false);
  const fieldError = (field: string) =>
    save.error instanceof ApiError
      ? save.error.fieldErrors.find((e) => e.field === field)?.message
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      { iban, accountHolder: holder },
      {
        // The fields show the account as stored (the IBAN written as the server keeps it).
        onSuccess: (stored) => {
          setIban(stored.iban ?? '');
          setHolder(stored.accountHolder ?? '');
          setSaved(true);
        },
      },
    );
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
