import type { KeyboardEvent } from 'react';
import type { Role } from '@marktgasse/shared';
import { useT } from '../../../i18n';

const TABS: { role: Role; label: string }[] = [
  { role: 'CUSTOMER', label: 'auth.role.customer' },
  { role: 'STORE_OWNER', label: 'auth.role.seller' },
];

/** The Customer / Seller tabs of Register and Login (spec §4 Account mode). */
export function RoleTabs({
  value,
  onChange,
  panelId,
}: {
  value: Role;
  onChange: (role: Role) => void;
  panelId: string;
}) {
  const t = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = value === 'CUSTOMER' ? 'STORE_OWNER' : 'CUSTOMER';
    onChange(next);
    document.getElementById(`role-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('auth.role.tabs')} className="nav nav-tabs nav-fill role-tabs mb-4">
      {TABS.map((tab) => {
        const selected = tab.role === value;
        return (
          <button
            key={tab.role}
            id={`role-tab-${tab.role}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            className={`nav-link${selected ? ' active' : ''}`}
            onClick={() => onChange(tab.role)}
            onKeyDown={onKeyDown}
          >
            {t(tab.label)}
          </button>
        );
      })}
    </div>
  );
}
