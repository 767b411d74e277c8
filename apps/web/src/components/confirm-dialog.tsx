import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useT } from '../i18n';

/** The delete confirmation (spec §4): Yes acts after 50 ms, No closes. */
export const DELETE_DELAY_MS = 50;

export function ConfirmDialog({
  show,
  title,
  body,
  onConfirm,
  onClose,
}: {
  show: boolean;
  title: string;
  body: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton closeLabel={t('components.confirm.close')}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('components.confirm.no')}
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onClose();
            setTimeout(onConfirm, DELETE_DELAY_MS);
          }}
        >
          {t('components.confirm.yes')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
