import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useT } from '../../../i18n';

/** Submit (its label changes while the request runs) and Cancel back to the list. */
export function FormActions({
  pending,
  submitLabel,
  pendingLabel,
  cancelTo,
  className = 'd-flex gap-2',
}: {
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={className}>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      <Link to={cancelTo} className="btn btn-outline-secondary">
        {t('seller.cancel')}
      </Link>
    </div>
  );
}
