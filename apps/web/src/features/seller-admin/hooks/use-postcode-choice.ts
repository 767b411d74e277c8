import { useRef, useState } from 'react';
import type { GeocodeFeature } from '@marktgasse/shared';
import { postcodePosition } from '../api/geocode';
import { addressLine, fixed6, type StoreFormValues } from '../lib/store-form';

const pinKey = (latitude: string, longitude: string) => `${latitude},${longitude}`;

/**
 * The address suggestion last chosen and the postcode the seller picks for it when only its town
 * is known (decision 220). A picked postcode puts the code into the address and moves the pin
 * from the town's centre to the postcode's area, unless the seller has placed the pin already.
 */
export function usePostcodeChoice(
  values: StoreFormValues,
  update: (change: (current: StoreFormValues) => StoreFormValues) => void,
  onPinMoved: () => void,
) {
  const [chosen, setChosen] = useState<{ feature: GeocodeFeature; postcode: string } | null>(null);
  /** Where the lookup last put the pin. */
  const autoPin = useRef('');
  const latest = useRef(values);
  latest.current = values;

  function remember(feature: GeocodeFeature | null) {
    setChosen(feature ? { feature, postcode: '' } : null);
    if (!feature) return;
    const [lng, lat] = feature.geometry.coordinates;
    autoPin.current = pinKey(fixed6(lat), fixed6(lng));
  }

  function choosePostcode(postcode: string) {
    if (!chosen) return;
    const { feature } = chosen;
    setChosen({ feature, postcode });
    update((current) => ({ ...current, address: addressLine(feature, postcode) }));
    if (!postcode) return;
    postcodePosition(postcode, feature.text).then(
      (at) => {
        const now = latest.current;
        if (!at || pinKey(now.latitude, now.longitude) !== autoPin.current) return;
        const [latitude, longitude] = [fixed6(at[1]), fixed6(at[0])];
        autoPin.current = pinKey(latitude, longitude);
        update((current) => ({ ...current, latitude, longitude }));
        onPinMoved();
      },
      () => {},
    );
  }

  return { chosen, remember, choosePostcode };
}
