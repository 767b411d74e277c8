/**
 * What the chosen address suggestion knows (a building, a street, or only the town), and, when
 * only the town is known, its postcodes to pick from: the lookup never picks one for the seller.
 */
import Form from 'react-bootstrap/Form';
import type { GeocodeFeature } from '@marktgasse/shared';
import { useT } from '../../../i18n';
import { needsPostcode } from '../lib/store-form';

/** Dark text on light backgrounds (4.5:1 at badge size); the words say the precision. */
const BADGE: Record<GeocodeFeature['precision'], string> = {
  address: 'bg-success-subtle text-success-emphasis border border-success-subtle',
  street: 'bg-info-subtle text-info-emphasis border border-info-subtle',
  locality: 'bg-warning-subtle text-warning-emphasis border border-warning-subtle',
};

export function PrecisionBadge({ precision }: { precision: GeocodeFeature['precision'] }) {
  const t = useT();
  return (
    <span className={`badge ${BADGE[precision]} ms-2`}>{t(`seller.address.precision.${precision}`)}</span>
  );
}

export function AddressPrecision({
  feature,
  postcode,
  onPostcode,
}: {
  feature: GeocodeFeature;
  postcode: string;
  onPostcode(postcode: string): void;
}) {
  const t = useT();
  return (
    <div className="mt-2" data-testid="address-precision" data-precision={feature.precision}>
      <p className="small mb-2" role="status">
        <PrecisionBadge precision={feature.precision} /> {t(`seller.address.hint.${feature.precision}`)}
      </p>
      {needsPostcode(feature) && (
        <Form.Group controlId="store-postcode" style={{ maxWidth: '14rem' }}>
          <Form.Label>{t('seller.address.postcode')}</Form.Label>
          <Form.Select value={postcode} onChange={(e) => onPostcode(e.target.value)}>
            <option value="">{t('seller.address.choosePostcode')}</option>
            {feature.postcodes!.map((code) => (
              <option key={code} value={code}>
                {code} {feature.text}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
    </div>
  );
}
