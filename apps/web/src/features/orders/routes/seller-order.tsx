import { useEffect, useRef, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import type { OrderItem, SellerOrder } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { byId, moveFocus } from '../../../components/focus';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { errorMessage } from '../../../lib/api-client';
import { useSellerOrder, useSellerOrderAction } from '../api/orders';
import { CancelPartButton } from '../components/cancel-order';
import { OrderPage } from '../components/order-page';
import { PickupDialog } from '../components/pickup-dialog';
import { SendDialog } from '../components/send-dialog';
import {
  InStoreItems,
  SellerOrderCustomer,
  SellerOrderSummary,
  ShippingItems,
} from '../components/seller-order-sections';
import { nothingHandedOver, nothingLeft } from '../lib/order-totals';
import '../orders.css';

function Detail({ id }: { id: string }) {
  const { data: so, isPending, isError, error } = useSellerOrder(id);
  const action = useSellerOrderAction(id);
  const [pickupItem, setPickupItem] = useState<OrderItem | null>(null);
  const [sending, setSending] = useState(false);
  const sent = useRef(false);
  const completeTried = useRef(false);
  const handedOver = useRef<number | null>(null);

  // Spec §4: once nothing is left to ship or hand over, complete the seller order (once).
  useEffect(() => {
    if (!so || completeTried.current) return;
    if (so.order.isPaid && !so.isCompleted && !so.isCancelled && nothingLeft(so)) {
      completeTried.current = true;
      action.mutate({ kind: 'complete' });
    }
  }, [so, action]);

  if (isPending) return <Loader />;
  if (isError) return <Message variant="danger">{errorMessage(error)}</Message>;
  return (
    <>
      {action.isError && <Message variant="danger">{errorMessage(action.error)}</Message>}
      <SellerOrderBody
        so={so}
        busy={action.isPending}
        onSend={() => setSending(true)}
        onPickup={setPickupItem}
      />
      <SendDialog
        sellerOrderId={so.id}
        show={sending}
        onClose={() => setSending(false)}
        onConfirm={async (parcel) => {
          await action.mutateAsync({ kind: 'send', parcel });
          sent.current = true;
        }}
        // The button that opened the dialog is gone: focus and announce the "Sent on …" mark.
        onExited={() => {
          if (!sent.current) return;
          moveFocus(byId('shipping-status'), { say: true });
          sent.current = false;
        }}
      />
      <PickupDialog
        item={pickupItem}
        onClose={() => setPickupItem(null)}
        onConfirm={async (code) => {
          const itemId = pickupItem!.id;
          await action.mutateAsync({ kind: 'retrieve', itemId, code });
          handedOver.current = itemId;
        }}
        // The button that opened the dialog is gone: focus and announce the "Picked up …" mark.
        onExited={() => {
          if (handedOver.current === null) return;
          moveFocus(byId(`pickup-status-${handedOver.current}`), { say: true });
          handedOver.current = null;
        }}
      />
    </>
  );
}

function SellerOrderBody({
  so,
  busy,
  onSend,
  onPickup,
}: {
  so: SellerOrder;
  busy: boolean;
  onSend: () => void;
  onPickup: (item: OrderItem) => void;
}) {
  const t = useT();
  const f = useFormat();
  // A cancelled part has nothing left to send or hand over: its buttons stay disabled.
  const locked = busy || so.isCancelled;
  const cancellable =
    !so.isCancelled &&
    ['pending', 'paid', 'partlyRefunded'].includes(so.order.status) &&
    nothingHandedOver([so]);
  return (
    <Row className="g-4">
      <Col lg={8}>
        {so.isCancelled && (
          <Message variant="warning">
            {t('orders.seller.cancelledOn', { date: f.date(so.cancelledAt), time: f.time(so.cancelledAt) })}
            {so.cancelReason && <> {t('orders.sellerCard.reason', { reason: so.cancelReason })}</>}
          </Message>
        )}
        <SellerOrderCustomer so={so} />
        {so.onlineOrderItems.length > 0 && <ShippingItems so={so} busy={locked} onSend={onSend} />}
        {so.inStoreOrderItems.length > 0 && <InStoreItems so={so} busy={locked} onPickup={onPickup} />}
        {!so.onlineOrderItems.length && !so.inStoreOrderItems.length && (
          <Message variant="info">{t('orders.storeOrderEmpty')}</Message>
        )}
      </Col>
      <Col lg={4}>
        <SellerOrderSummary so={so} />
        {cancellable && (
          <div className="mt-3">
            <CancelPartButton id={so.id} paid={so.order.isPaid} />
          </div>
        )}
      </Col>
    </Row>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const t = useT();
  return (
    <OrderPage pageTitle={t('orders.seller.pageTitle', { id })} title={t('orders.seller.title', { id })}>
      <Detail id={id} />
    </OrderPage>
  );
}
