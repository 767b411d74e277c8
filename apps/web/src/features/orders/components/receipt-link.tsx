/**
 * The receipt of a paid order (issue 26): the platform's receipt with the VAT per rate, as PDF;
 * under it the order's credit notes (one per completed refund, decision 280), each as PDF.
 * Both are fetched with the bearer token through downloadFile.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useQuery } from '@tanstack/react-query';
import type { CreditNote, Order } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { creditNotesQuery } from '../api/orders';

/** One download at a time, with its failure to show. */
function useDownload() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (path: string, filename: string) => {
    setPending(true);
    setError(null);
    try {
      await downloadFile(path, filename);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };
  return { pending, error, download };
}

/** The refund a credit note is for: the last part of its number (C-000012-7 → 7). */
const refundOf = (note: CreditNote) => note.number.split('-').pop() ?? '';

export function ReceiptLink({ order }: { order: Order }) {
  const t = useT();
  const { pending, error, download } = useDownload();
  if (!order.paidAt) return null;
  return (
    <ListGroup.Item className="py-3">
      <Button
        variant="link"
        className="p-0"
        disabled={pending}
        onClick={() => void download(`/api/orders/${order.id}/receipt/`, `receipt-${order.id}.pdf`)}
        data-testid="receipt-link"
      >
        {t('orders.receipt.download')}
      </Button>
      <CreditNotes orderId={order.id} pending={pending} download={download} />
      {error && (
        <Message variant="danger" className="mt-2 mb-0">
          {error}
        </Message>
      )}
    </ListGroup.Item>
  );
}

function CreditNotes({
  orderId,
  pending,
  download,
}: {
  orderId: number;
  pending: boolean;
  download: (path: string, filename: string) => Promise<void>;
}) {
  const t = useT();
  const f = useFormat();
  const notes = useQuery(creditNotesQuery(orderId));
  if (notes.error) {
    return (
      <Message variant="danger" className="mt-2 mb-0">
        {errorMessage(notes.error)}
      </Message>
    );
  }
  if (!notes.data?.length) return null;
  return (
    <div className="mt-2" data-testid="credit-notes">
      <div className="small text-body-secondary">{t('orders.creditNotes.title')}</div>
      <ul className="list-unstyled mb-0">
        {notes.data.map((note) => (
          <li key={note.number}>
            <Button
              variant="link"
              className="p-0"
              disabled={pending}
              onClick={() =>
                void download(
                  `/api/orders/${orderId}/credit-notes/${refundOf(note)}/`,
                  `credit-note-${note.number}.pdf`,
                )
              }
            >
              {t('orders.creditNotes.download', { number: note.number })}
            </Button>
            {' · '}
            {f.money(note.amount)} · {f.date(note.date)}
          </li>
        ))}
      </ul>
    </div>
  );
}
