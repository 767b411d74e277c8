import { useEffect } from 'react';
import { useT } from '../i18n';

/** Sets the document title, which screen readers announce on navigation. */
export function usePageTitle(title: string) {
  const t = useT();
  const fallback = t('components.pageTitle.default');
  useEffect(() => {
    document.title = title ? `${title} · Marktgasse` : fallback;
  }, [title, fallback]);
}
