import { useId } from 'react';
import { LOCALES, LOCALE_LABELS, useI18n, useT, type Locale } from '../i18n';

/** A labelled select of the four languages; the choice is remembered. */
export function LanguageSwitcher({ className, dark = false }: { className?: string; dark?: boolean }) {
  const t = useT();
  const id = useId();
  const locale = useI18n((s) => s.locale);
  const setLocale = useI18n((s) => s.setLocale);
  return (
    <div className={`d-inline-flex align-items-center gap-2 ${className ?? ''}`}>
      <label htmlFor={id} className={`small mb-0 ${dark ? 'text-white' : ''}`}>
        {t('nav.language')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={locale}
        onChange={(e) => void setLocale(e.target.value as Locale)}
        data-testid="language-switcher"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
