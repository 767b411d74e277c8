import { useId } from 'react';
import type { Role } from '@marktgasse/shared';
import { useT } from '../../../i18n';

const TYPES: { role: Role; label: string }[] = [
  { role: 'CUSTOMER', label: 'auth.role.customer' },
  { role: 'STORE_OWNER', label: 'auth.role.seller' },
];

/**
 * The account type of Register and Login (spec §4 Account mode): a radio group inside the form
 * (a choice of a form field, not tabs over panels), drawn as two segmented buttons.
 */
export function AccountType({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="mb-4">
      <legend className="form-label fs-6 fw-semibold mb-2">{t('auth.role.tabs')}</legend>
      <div className="d-flex account-type">
        {TYPES.map((type) => (
          <div key={type.role} className="flex-fill">
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${name}-${type.role}`}
              value={type.role}
              checked={value === type.role}
              onChange={() => onChange(type.role)}
            />
            <label className="btn btn-outline-primary w-100" htmlFor={`${name}-${type.role}`}>
              {t(type.label)}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
