import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useT } from '../i18n';
import { trapTab } from './dialog-keys';

/** The delete confirmation (spec §4): Yes acts after 50 ms, No closes. */
export const DELETE_DELAY_MS = 50;

/**
 * Opens with focus on No (the safe answer), its question read as the dialog's description, and
 * Tab kept inside; focus returns to the opener on close, and a caller whose opener goes away with
 * the deletion moves it on (components/focus).
 */
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
  const id = useId();
  const no = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onEntered={() => no.current?.focus()}
      onKeyDown={trapTab}
    >
      <Modal.Header closeButton closeLabel={t('components.confirm.close')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id={`${id}-body`}>{body}</Modal.Body>
      <Modal.Footer>
        <Button ref={no} variant="secondary" onClick={onClose}>
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
