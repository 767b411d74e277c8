import { useEffect } from 'react';
import { useT } from '../i18n';

/**
 * Sets the document title, which screen readers announce on navigation. A later page of a list
 * (`page` > 1, from `listPageNumber`) says which page it is, as the server's title of it does.
 */
export function usePageTitle(title: string, page = 1) {
  const t = useT();
  const fallback = t('components.pageTitle.default');
  const later = page > 1 ? ` · ${t('components.pageTitle.page', { page: String(page) })}` : '';
  useEffect(() => {
    document.title = title ? `${title}${later} · Marktgasse` : `${fallback}${later}`;
  }, [title, later, fallback]);
}
