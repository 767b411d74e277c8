import { useState } from 'react';
import { useT } from '../i18n';
import { messageText, serverFieldErrors, type FieldErrors } from '../lib/field-errors';

/**
 * A form's field errors: its own findings (message keys, translated when shown, so a language
 * switch re-translates them) or, after a failed request, the server's field errors on their
 * fields. The form's banner keeps showing the server's `detail` itself.
 */
export function useServerFieldErrors<F extends string>(fields: readonly F[]) {
  const t = useT();
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  /** Clears the errors of fields the user just changed. */
  function clear(...names: F[]) {
    setErrors((current) => {
      if (!names.some((name) => current[name])) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }

  /**
   * Shows a check's findings (replacing earlier ones) and moves focus to the first field to fix,
   * in the form's order; true when there was something to fix.
   */
  function show(found: FieldErrors<F>, idOf: (field: F) => string): boolean {
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
    return first !== undefined;
  }

  /** A failed request: the server's field errors replace the form's (when it sent any). */
  function fromServer(error: unknown) {
    const found = serverFieldErrors(error, fields);
    if (Object.keys(found).length > 0) setErrors(found);
  }

  return { errors, clear, show, fromServer, message: (field: F) => messageText(t, errors[field]) };
}
