/**
 * The audit log's actions in the operator's words (decision 333): a label for each action the
 * server writes, with the raw name beside it for support, and the filter's choices by section.
 */
import Form from 'react-bootstrap/Form';
import type { AuditAction } from '@marktgasse/shared';
import { useT } from '../../../i18n';

type Section = 'moderation' | 'reports' | 'orders' | 'payments' | 'users' | 'staff';

// The shared package's AUDIT_ACTIONS, by type: its values would pull zod into the app. The type
// makes this list complete: an action the server may write and that has no section fails to build.
const SECTION_OF = {
  'product.hide': 'moderation',
  'product.unhide': 'moderation',
  'review.remove': 'moderation',
  'seller.approve': 'moderation',
  'seller.suspend': 'moderation',
  'seller.reinstate': 'moderation',
  'report.status': 'reports',
  'seller-order.cancel': 'orders',
  'order-line.refund': 'orders',
  'bank-statement.import': 'payments',
  'bank-refund.paid-out': 'payments',
  'payout-run.create': 'payments',
  'payout-run.executed': 'payments',
  'commission-rule.set': 'payments',
  'user.lock': 'users',
  'user.unlock': 'users',
  'user.password-reset': 'users',
  'user.password-change': 'users',
  'user.email-change': 'users',
  'staff.create': 'staff',
  'staff.invite': 'staff',
  'staff.invitation-accepted': 'staff',
  'staff.permissions': 'staff',
  'staff.disable': 'staff',
  'staff.enable': 'staff',
  'staff.sign-in': 'staff',
  'staff.sign-in-refused': 'staff',
  'staff.totp-enrolled': 'staff',
} as const satisfies Record<AuditAction, Section>;

const SECTIONS: Section[] = ['moderation', 'reports', 'orders', 'payments', 'users', 'staff'];
const ACTIONS = Object.keys(SECTION_OF) as AuditAction[];

const isKnown = (action: string): action is AuditAction => Object.hasOwn(SECTION_OF, action);

/** An entry's action: its label, and its raw name under it; an action this app does not know yet, its raw name alone. */
export function AuditActionName({ action }: { action: string }) {
  const t = useT();
  if (!isKnown(action)) return <code className="text-nowrap">{action}</code>;
  // The raw name on one line: broken at its hyphen ("order-/line.refund") it reads as two.
  return (
    <>
      {t(`admin.audit.actions.${action}`)}
      <code className="d-block small text-body-secondary text-nowrap">{action}</code>
    </>
  );
}

/** The filter: all actions, or one, chosen by its label under the back office's section. */
export function AuditActionSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (action: string) => void;
}) {
  const t = useT();
  return (
    <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('admin.audit.allActions')}</option>
      {SECTIONS.map((section) => (
        <optgroup key={section} label={t(`admin.nav.${section}`)}>
          {ACTIONS.filter((action) => SECTION_OF[action] === section).map((action) => (
            <option key={action} value={action}>
              {t(`admin.audit.actions.${action}`)}
            </option>
          ))}
        </optgroup>
      ))}
    </Form.Select>
  );
}
