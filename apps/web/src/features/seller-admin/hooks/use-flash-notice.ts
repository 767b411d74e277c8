import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Spec §9: success notifications fade after 1500 ms. */
export const NOTICE_FADE_MS = 1500;

export interface NoticeState {
  /** A message key, e.g. 'seller.stores.created' (shown in the chosen language). */
  notice?: string;
}

/**
 * A success notice handed over in the router state by the page that navigated here
 * (a message key such as 'seller.stores.created'). It shows, then fades after 1.5 s; the state is
 * cleared so that going back does not show it again.
 */
export function useFlashNotice(): { notice: string | null; visible: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as NoticeState | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(incoming);
  const [visible, setVisible] = useState(Boolean(incoming));

  useEffect(() => {
    if (!incoming) return;
    setNotice(incoming);
    setVisible(true);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [incoming, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), NOTICE_FADE_MS);
    return () => clearTimeout(timer);
  }, [visible, notice]);

  return { notice, visible };
}
