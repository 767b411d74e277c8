import Spinner from 'react-bootstrap/Spinner';
import { useT } from '../i18n';

export function Loader({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="d-flex justify-content-center my-4" role="status" aria-live="polite">
      <Spinner animation="border" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('components.loading')}</span>
    </div>
  );
}
