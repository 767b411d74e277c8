import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface NoticeState {
  /** A message key, e.g. 'seller.stores.created' (shown in the chosen language). */
  notice?: string;
}

/**
 * A success notice handed over in the router state by the page that navigated here
 * (a message key such as 'seller.stores.created'). It stays until dismissed (WCAG 2.2.1, decision
 * 186, instead of the spec's 1.5 s fade); the state is cleared so going back does not show it again.
 */
export function useFlashNotice(): { notice: string | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as NoticeState | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(incoming);

  useEffect(() => {
    if (!incoming) return;
    setNotice(incoming);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [incoming, navigate, location.pathname, location.search]);

  return { notice, dismiss: () => setNotice(null) };
}
