import { useState, type FormEvent } from 'react';
import type { GeocodeFeature } from '@marktgasse/shared';
import { useServerFieldErrors } from '../../../components/use-server-field-errors';
import {
  EMPTY_STORE,
  fixed6,
  pinPosition,
  STORE_FIELDS,
  storeFormData,
  validateStore,
  withAddress,
  type StoreField,
  type StoreFormValues,
} from '../lib/store-form';
import { usePostcodeChoice } from './use-postcode-choice';

export const storeFieldId = (field: StoreField) => `store-${field}`;

/**
 * The state of a store form (Add Store, or an edit form given the store's values): the values,
 * the pin that follows them, the errors, and a submit that checks, then hands the request body to
 * `save` (a create or an update); the server's field errors land on their fields.
 */
export function useStoreForm({
  initial = EMPTY_STORE,
  save,
  onSaved,
}: {
  initial?: StoreFormValues;
  save: (form: FormData) => Promise<unknown>;
  onSaved: () => void;
}) {
  const [values, setValues] = useState(initial);
  const errors = useServerFieldErrors(STORE_FIELDS);
  /** Changes when an address is chosen: the map then zooms to its pin. */
  const [focusKey, setFocusKey] = useState(0);
  const choice = usePostcodeChoice(values, setValues, () => setFocusKey((k) => k + 1));

  function set<K extends keyof StoreFormValues>(field: K, value: StoreFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'category') errors.clear(field as StoreField);
  }

  function chooseAddress(feature: GeocodeFeature) {
    choice.remember(feature);
    setValues((current) => withAddress(current, feature));
    errors.clear('latitude', 'longitude', 'address');
    setFocusKey((k) => k + 1);
  }

  function typeAddress(address: string) {
    choice.remember(null);
    set('address', address);
  }

  function placePin(at: { latitude: number; longitude: number }) {
    setValues((current) => ({ ...current, latitude: fixed6(at.latitude), longitude: fixed6(at.longitude) }));
    errors.clear('latitude', 'longitude');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (errors.show(validateStore(values), storeFieldId)) return;
    save(storeFormData(values)).then(onSaved, errors.fromServer);
  }

  return {
    values,
    set,
    chooseAddress,
    typeAddress,
    chosen: choice.chosen,
    choosePostcode: choice.choosePostcode,
    placePin,
    position: pinPosition(values),
    focusKey,
    errors,
    submit,
  };
}

export type StoreForm = ReturnType<typeof useStoreForm>;
