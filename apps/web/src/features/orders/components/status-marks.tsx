import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginFor } from '../../../config/paths';
import { useSession } from '../../../stores/session';
import { useFormat } from '../../../i18n/format';

/** A date when done, otherwise a red cross whose text says what is missing. */
export function DateOrCross({ iso, missing }: { iso: string | null | undefined; missing: string }) {
  const f = useFormat();
  if (iso) return <>{f.date(iso)}</>;
  return (
    <span className="text-danger fw-bold">
      <span aria-hidden="true">✕</span>
      <span className="visually-hidden">{missing}</span>
    </span>
  );
}

/** Order pages redirect to the login (and back) without login info (spec §6). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useSession((s) => !!s.userInfo);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={loginFor(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
