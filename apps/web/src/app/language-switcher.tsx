import { useEffect, useId, useRef, useState } from 'react';
import { LOCALES, LOCALE_LABELS, useI18n, useT, type Locale } from '../i18n';
import { addressInLanguage, routingMode, URL_LANGUAGE_OF } from './addresses';

/**
 * On a path address the language is part of the address: the choice opens the same page in
 * that language (rendered by the server); on a hash address the texts switch in place.
 */
function chooseLocale(setLocale: (locale: Locale) => Promise<void>, next: Locale): void {
  const mode = routingMode(window.location);
  void setLocale(next).then(() => {
    if (mode.kind === 'path')
      window.location.assign(addressInLanguage(window.location, URL_LANGUAGE_OF[next]));
  });
}

// Keys that step through a closed select's options (each step fires "change" in Chromium).
const STEP_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * A labelled select of the four languages; the choice is remembered. The UI language changes only
 * on an explicit choice: a pick from the opened list, or Enter / the Apply button after stepping
 * through the options with arrow keys (which alone only preselect).
 */
export function LanguageSwitcher({ className, dark = false }: { className?: string; dark?: boolean }) {
  const t = useT();
  const id = useId();
  const locale = useI18n((s) => s.locale);
  const setLocale = useI18n((s) => s.setLocale);
  const [pending, setPending] = useState<Locale>(locale);
  const stepped = useRef(false);
  useEffect(() => setPending(locale), [locale]);
  const apply = () => {
    if (pending !== locale) chooseLocale(setLocale, pending);
  };
  return (
    <div className={`d-inline-flex align-items-center gap-2 ${className ?? ''}`}>
      <label htmlFor={id} className={`small mb-0 ${dark ? 'text-white' : ''}`}>
        {t('nav.language')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={pending}
        onKeyDown={(e) => {
          stepped.current = STEP_KEYS.has(e.key) || e.key.length === 1;
          if (e.key === 'Enter') apply();
        }}
        onPointerDown={() => {
          stepped.current = false;
        }}
        onChange={(e) => {
          const next = e.target.value as Locale;
          setPending(next);
          if (!stepped.current) chooseLocale(setLocale, next);
        }}
        data-testid="language-switcher"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
      {pending !== locale && (
        <button
          type="button"
          className={`btn btn-sm ${dark ? 'btn-light' : 'btn-outline-secondary'}`}
          lang={pending}
          onClick={apply}
        >
          {APPLY[pending]}
        </button>
      )}
    </div>
  );
}

// In the language about to be chosen, so the button reads right before the switch.
const APPLY: Record<Locale, string> = {
  'de-CH': 'Übernehmen',
  'fr-CH': 'Appliquer',
  'it-CH': 'Applica',
  en: 'Apply',
};
