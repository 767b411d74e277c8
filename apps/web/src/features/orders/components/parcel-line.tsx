import type { SellerOrder } from '@marktgasse/shared';
import { useT } from '../../../i18n';
import { postalLine } from '../../../lib/place-line';

/** How a sent parcel travels: the carrier, its tracking number and the carrier's tracking page. */
export function ParcelLine({ so }: { so: SellerOrder }) {
  const t = useT();
  if (!so.isShipped || (!so.carrier && !so.trackingNumber)) return null;
  const carrier = so.carrier ? t(`orders.carrier.${so.carrier}`) : null;
  return (
    <div className="small d-flex flex-wrap column-gap-3 row-gap-1" data-testid={`parcel-${so.id}`}>
      {carrier && <span>{t('orders.sellerCard.sentWith', { carrier })}</span>}
      {so.trackingNumber && (
        <span>{t('orders.sellerCard.trackingNumber', { number: so.trackingNumber })}</span>
      )}
      {so.trackingUrl && (
        <a
          href={so.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('orders.sellerCard.trackLabel', { carrier: carrier ?? '' })}
        >
          {t('orders.sellerCard.track')}
        </a>
      )}
    </div>
  );
}

/** The recipient, the postal address and the phone of an order's shipping address. */
export function DeliveryAddress({
  address,
  labels,
}: {
  address: NonNullable<SellerOrder['shippingAddress']>;
  labels: { recipient: string; address: string; phone: string };
}) {
  return (
    <address className="mb-0" data-testid="delivery-address">
      {address.name && (
        <div>
          <strong>{labels.recipient} </strong>
          {address.name}
        </div>
      )}
      <div>
        <strong>{labels.address} </strong>
        {postalLine(address)}
      </div>
      {address.phone && (
        <div>
          <strong>{labels.phone} </strong>
          <a href={`tel:${address.phone.replace(/\s/g, '')}`}>{address.phone}</a>
        </div>
      )}
    </address>
  );
}
