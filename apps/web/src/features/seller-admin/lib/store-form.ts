/**
 * The store form's values, checks and request body: empty for Add Store, or filled in from a
 * store (an edit form sends the same body).
 */
import { roundCoordinate, storeCreateSchema, type GeocodeFeature, type Store } from '@marktgasse/shared';
import { schemaErrors, type FieldErrors, type FieldMessageKeys } from '../../../lib/field-errors';

export interface StoreFormValues {
  name: string;
  address: string;
  city: string;
  country: string;
  /** As typed; sent with 6 decimals. */
  latitude: string;
  longitude: string;
  phone: string;
  description: string;
  category: number[];
  /** A new picture (none keeps the current one). */
  image: File | null;
}

export type StoreField = Exclude<keyof StoreFormValues, 'category'>;

/** The form's order: the first field to fix gets the focus. */
export const STORE_FIELDS: readonly StoreField[] = [
  'name',
  'address',
  'city',
  'country',
  'latitude',
  'longitude',
  'phone',
  'description',
  'image',
];

export const EMPTY_STORE: StoreFormValues = {
  name: '',
  address: '',
  city: '',
  country: '',
  latitude: '',
  longitude: '',
  phone: '',
  description: '',
  category: [],
  image: null,
};

export const fixed6 = (n: number) => roundCoordinate(n).toFixed(6);

/** A store's values for a form that edits it. */
export function storeFormValues(store: Store): StoreFormValues {
  return {
    name: store.name,
    address: store.address,
    city: store.city,
    country: store.country,
    latitude: fixed6(store.latitude),
    longitude: fixed6(store.longitude),
    phone: store.phone,
    description: store.description,
    category: [...store.category],
    image: null,
  };
}

const MESSAGES: FieldMessageKeys<Exclude<StoreField, 'image'> | 'category'> = {
  name: { other: 'seller.v.storeName', tooLong: 'seller.v.tooLong' },
  address: { other: 'seller.v.tooLong' },
  city: { other: 'seller.v.tooLong' },
  country: { other: 'seller.v.tooLong' },
  latitude: {
    other: 'seller.v.latitude',
    tooSmall: 'seller.v.latitudeRange',
    tooBig: 'seller.v.latitudeRange',
  },
  longitude: {
    other: 'seller.v.longitude',
    tooSmall: 'seller.v.longitudeRange',
    tooBig: 'seller.v.longitudeRange',
  },
  phone: { other: 'seller.v.phone', tooLong: 'seller.v.tooLong' },
  description: { other: 'seller.v.tooLong' },
  category: { other: 'seller.v.category' },
};

/** What is wrong, per field (message keys); empty when the store can be sent. */
export function validateStore(values: StoreFormValues): FieldErrors<StoreField> {
  const found: FieldErrors<StoreField> = {};
  // The schema reads an empty coordinate as 0: a missing one is caught here.
  if (!values.latitude.trim()) found.latitude = { key: 'seller.v.latitude' };
  if (!values.longitude.trim()) found.longitude = { key: 'seller.v.longitude' };
  const parsed = storeCreateSchema.safeParse({
    ...values,
    latitude: values.latitude.trim() || '0',
    longitude: values.longitude.trim() || '0',
    image: undefined,
  });
  if (!parsed.success) {
    const fromSchema = schemaErrors(parsed.error.issues, MESSAGES);
    for (const [field, message] of Object.entries(fromSchema)) found[field as StoreField] ??= message;
  }
  if (values.image && !values.image.type.startsWith('image/')) found.image = { key: 'seller.v.image' };
  return found;
}

/** The multipart body of a store create (or edit) request. */
export function storeFormData(values: StoreFormValues): FormData {
  const form = new FormData();
  form.set('name', values.name.trim());
  form.set('address', values.address.trim());
  form.set('country', values.country.trim());
  form.set('city', values.city.trim());
  form.set('latitude', fixed6(Number(values.latitude)));
  form.set('longitude', fixed6(Number(values.longitude)));
  form.set('description', values.description.trim());
  form.set('phone', values.phone.trim());
  for (const id of values.category) form.append('category', String(id));
  if (values.image) form.set('image', values.image);
  return form;
}

function contextText(feature: GeocodeFeature, kind: string): string | undefined {
  if (feature.id.startsWith(`${kind}.`)) return feature.text;
  return feature.context.find((c) => c.id.startsWith(`${kind}.`))?.text;
}

/** A suggestion that leaves the postcode to the seller: only the town is known, with several postcodes. */
export const needsPostcode = (feature: GeocodeFeature) =>
  feature.precision === 'locality' && (feature.postcodes?.length ?? 0) > 1;

/**
 * The address line of a chosen suggestion: as the lookup states it, or, when only the town is
 * known, the street as typed with the postcode the seller picks (none until then).
 */
export function addressLine(feature: GeocodeFeature, postcode = ''): string {
  if (!needsPostcode(feature)) return feature.place_name;
  const town = postcode ? `${postcode} ${feature.text}` : feature.text;
  return feature.street ? `${feature.street}, ${town}` : town;
}

/** A chosen address suggestion fills the address, city, country and coordinates. */
export function withAddress(values: StoreFormValues, feature: GeocodeFeature): StoreFormValues {
  const [lon, lat] = feature.geometry.coordinates;
  return {
    ...values,
    address: addressLine(feature),
    city: contextText(feature, 'place') ?? contextText(feature, 'locality') ?? values.city,
    country: contextText(feature, 'country') ?? values.country,
    latitude: fixed6(lat),
    longitude: fixed6(lon),
  };
}

/** The pin's position, when both coordinates are numbers. */
export function pinPosition(values: StoreFormValues): { latitude: number; longitude: number } | null {
  const lat = Number(values.latitude);
  const lng = Number(values.longitude);
  return values.latitude.trim() !== '' &&
    values.longitude.trim() !== '' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng)
    ? { latitude: lat, longitude: lng }
    : null;
}
