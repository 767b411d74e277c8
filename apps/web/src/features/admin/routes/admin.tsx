/**
 * The operator's back office (/admin, issue 29): staff sign in with a second factor, then
 * see the sections their permissions open. The server guards every call; hiding a section
 * here is convenience only.
 */
import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import { NavLink, Route, Routes } from 'react-router';
import { usePageTitle } from '../../../components/page-title';
import { useT } from '../../../i18n';
import { useSession } from '../../../stores/session';
import { AuditScreen } from '../components/audit-screen';
import { Dashboard } from '../components/dashboard';
import { ModerationScreen } from '../components/moderation-screen';
import { OrderDetail } from '../components/order-detail';
import { OrdersScreen } from '../components/orders-screen';
import { PaymentsScreen } from '../components/payments-screen';
import { ReportsScreen } from '../components/reports-screen';
import { StaffScreen } from '../components/staff-screen';
import { UsersScreen } from '../components/users-screen';
import { RecoveryCodes, StaffSignIn } from '../components/staff-sign-in';
import { useStaffExpiry } from '../hooks/use-staff-expiry';

const SECTIONS = [
  { to: '/admin', key: 'dashboard', permission: 'support', end: true },
  { to: '/admin/orders', key: 'orders', permission: 'support', end: false },
  { to: '/admin/users', key: 'users', permission: 'support', end: false },
  { to: '/admin/moderation', key: 'moderation', permission: 'moderation', end: false },
  { to: '/admin/reports', key: 'reports', permission: 'moderation', end: false },
  { to: '/admin/payments', key: 'payments', permission: 'finance', end: false },
  { to: '/admin/staff', key: 'staff', permission: 'admin', end: false },
  { to: '/admin/audit', key: 'audit', permission: 'admin', end: false },
] as const;

export function Component() {
  const t = useT();
  usePageTitle(t('admin.title'));
  const info = useSession((s) => s.userInfo);
  const [codes, setCodes] = useState<string[] | null>(null);
  useStaffExpiry(info?.is_staff ? info.access : undefined);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (!info?.is_staff) return <StaffSignIn onRecoveryCodes={setCodes} />;
  const permissions = info.permissions ?? [];
  return (
    <Container className="py-3">
      <h1 className="h3">{t('admin.title')}</h1>
      <nav aria-label={t('admin.sections')} className="mb-3 pb-2 border-bottom">
        {/* Pills that wrap: on a phone every section stays in sight, none hides off-screen. */}
        <ul className="nav nav-pills flex-wrap gap-1">
          {SECTIONS.filter((s) => permissions.includes(s.permission)).map((s) => (
            <li key={s.key} className="nav-item">
              <NavLink to={s.to} end={s.end} className="nav-link text-nowrap">
                {t(`admin.nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route
          index
          element={permissions.includes('support') ? <Dashboard /> : <p>{t('admin.welcome')}</p>}
        />
        <Route path="orders" element={<OrdersScreen />} />
        <Route path="orders/:id" element={<OrderDetail />} />
        <Route path="users" element={<UsersScreen />} />
        <Route path="moderation" element={<ModerationScreen />} />
        <Route path="reports" element={<ReportsScreen />} />
        <Route path="payments" element={<PaymentsScreen />} />
        <Route path="staff" element={<StaffScreen />} />
        <Route path="audit" element={<AuditScreen />} />
      </Routes>
    </Container>
  );
}
