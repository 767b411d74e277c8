/** The receipt of a paid order (issue 26): the platform's receipt with the VAT per rate, as PDF. */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import type { Order } from '@marktgasse/shared';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export function ReceiptLink({ order }: { order: Order }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!order.paidAt) return null;
  const download = async () => {
    setPending(true);
    setError(null);
    try {
      await downloadFile(`/api/orders/${order.id}/receipt/`, `receipt-${order.id}.pdf`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };
  return (
    <ListGroup.Item className="py-3">
      <Button
        variant="link"
        className="p-0"
        disabled={pending}
        onClick={() => void download()}
        data-testid="receipt-link"
      >
        {t('orders.receipt.download')}
      </Button>
      {error && (
        <Message variant="danger" className="mt-2 mb-0">
          {error}
        </Message>
      )}
    </ListGroup.Item>
  );
}
