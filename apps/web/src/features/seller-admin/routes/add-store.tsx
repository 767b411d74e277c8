import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, Navigate, useNavigate } from 'react-router';
import { roundCoordinate, storeCreateSchema, type GeocodeFeature } from '@marktgasse/shared';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useLocale, useT } from '../../../i18n';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCategories } from '../../catalogue/api/categories';
import { useMapStyleUrl } from '../../map/api/map-config';
import { LocationPickerMap, type LatLng } from '../../map/components/location-picker-map';
import { useCreateStore } from '../api/stores';
import { AddressCombobox } from '../components/address-combobox';
import type { NoticeState } from '../hooks/use-flash-notice';
import { useSellerRedirect } from '../hooks/use-seller-guard';
import { issueText } from '../lib/messages';

type Field =
  'name' | 'address' | 'city' | 'country' | 'latitude' | 'longitude' | 'phone' | 'description' | 'image';
type Errors = Partial<Record<Field, string>>;

const fixed6 = (n: number) => roundCoordinate(n).toFixed(6);

export function Component() {
  const t = useT();
  usePageTitle(t('seller.addStore.title'));
  const redirect = useSellerRedirect();
  if (redirect) return <Navigate to={redirect} replace />;
  return <AddStore />;
}

function contextText(feature: GeocodeFeature, kind: string): string | undefined {
  if (feature.id.startsWith(`${kind}.`)) return feature.text;
  return feature.context.find((c) => c.id.startsWith(`${kind}.`))?.text;
}

function AddStore() {
  const t = useT();
  const locale = useLocale();
  const mapStyle = useMapStyleUrl();
  const navigate = useNavigate();
  const categories = useCategories();
  const create = useCreateStore();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [city, setCity] = useState('');
  const [country, setCountry] = useState('');
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [phone, setPhone] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<number[]>([]);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [focusKey, setFocusKey] = useState(0);

  const lat = Number(latitude);
  const lng = Number(longitude);
  const position: LatLng | null =
    latitude.trim() !== '' && longitude.trim() !== '' && Number.isFinite(lat) && Number.isFinite(lng)
      ? { latitude: lat, longitude: lng }
      : null;

  function clearError(field: Field) {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  }

  function chooseAddress(feature: GeocodeFeature) {
    const [lon, la] = feature.geometry.coordinates;
    setAddress(feature.place_name);
    setCity(contextText(feature, 'place') ?? contextText(feature, 'locality') ?? city);
    setCountry(contextText(feature, 'country') ?? country);
    setLatitude(fixed6(la));
    setLongitude(fixed6(lon));
    setErrors(({ latitude: _a, longitude: _b, address: _c, ...rest }) => rest);
    setFocusKey((k) => k + 1);
  }

  function validate(): Errors {
    const found: Errors = {};
    if (!name.trim()) found.name = t('seller.v.storeName');
    if (!latitude.trim()) found.latitude = t('seller.v.latitude');
    if (!longitude.trim()) found.longitude = t('seller.v.longitude');
    const parsed = storeCreateSchema.safeParse({
      name,
      address,
      city,
      country,
      latitude: latitude.trim() || '0',
      longitude: longitude.trim() || '0',
      description,
      phone,
      category,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issueText(t, issue);
      }
    if (image && !image.type.startsWith('image/')) found.image = t('seller.v.image');
    return found;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`store-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    form.set('name', name.trim());
    form.set('address', address.trim());
    form.set('country', country.trim());
    form.set('city', city.trim());
    form.set('latitude', fixed6(Number(latitude)));
    form.set('longitude', fixed6(Number(longitude)));
    form.set('description', description.trim());
    form.set('phone', phone.trim());
    for (const id of category) form.append('category', String(id));
    if (image) form.set('image', image);
    create.mutate(form, {
      onSuccess: () =>
        navigate(paths.myStores, { state: { notice: 'seller.stores.created' } satisfies NoticeState }),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length) {
          const fromServer: Errors = {};
          for (const f of error.fieldErrors) fromServer[f.field as Field] ??= f.message;
          setErrors(fromServer);
        }
      },
    });
  }

  const text = (
    field: Exclude<Field, 'image' | 'address'>,
    label: string,
    value: string,
    set: (v: string) => void,
    props: Record<string, unknown> = {},
  ) => (
    <Form.Group className="mb-3" controlId={`store-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        isInvalid={Boolean(errors[field])}
        onChange={(e) => {
          set(e.target.value);
          clearError(field);
        }}
        {...props}
      />
      <Form.Control.Feedback type="invalid">{errors[field]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Container className="py-4">
      <Link to={paths.myStores} className="btn btn-light mb-3">
        {t('seller.goBack')}
      </Link>
      <h1 className="h3 mb-3">{t('seller.addStore.title')}</h1>
      {create.isError && <Message variant="danger">{errorMessage(create.error)}</Message>}
      <Form noValidate onSubmit={submit}>
        <Row className="g-4">
          <Col lg={6}>
            {text('name', t('seller.field.name'), name, setName, {
              required: true,
              autoComplete: 'organization',
            })}
            <Form.Group className="mb-3">
              <AddressCombobox
                id="store-address"
                error={errors.address}
                value={address}
                onInput={(v) => {
                  setAddress(v);
                  clearError('address');
                }}
                onChoose={chooseAddress}
              />
            </Form.Group>
            <Row>
              <Col sm={6}>
                {text('city', t('seller.field.city'), city, setCity, { autoComplete: 'address-level2' })}
              </Col>
              <Col sm={6}>
                {text('country', t('seller.field.country'), country, setCountry, {
                  autoComplete: 'country-name',
                })}
              </Col>
            </Row>
            <Row>
              <Col sm={6}>
                {text('latitude', t('seller.field.latitude'), latitude, setLatitude, {
                  inputMode: 'decimal',
                  required: true,
                  placeholder: t('seller.field.example', { value: '47.376887' }),
                })}
              </Col>
              <Col sm={6}>
                {text('longitude', t('seller.field.longitude'), longitude, setLongitude, {
                  inputMode: 'decimal',
                  required: true,
                  placeholder: t('seller.field.example', { value: '8.541694' }),
                })}
              </Col>
            </Row>
            {text('phone', t('seller.field.phone'), phone, setPhone, { type: 'tel', autoComplete: 'tel' })}
            {text('description', t('seller.field.description'), description, setDescription, {
              as: 'textarea',
              rows: 3,
            })}
            <fieldset className="mb-3">
              <legend className="form-label fs-6 mb-1">{t('seller.field.categories')}</legend>
              {categories.isPending ? (
                <Loader label={t('seller.loadingCategories')} />
              ) : (
                <div
                  style={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
                    columnGap: '1rem',
                  }}
                >
                  {(categories.data ?? []).map((c) => (
                    <Form.Check
                      key={c.id}
                      id={`store-category-${c.id}`}
                      type="checkbox"
                      label={c.name}
                      checked={category.includes(c.id)}
                      onChange={(e) =>
                        setCategory((list) =>
                          e.target.checked ? [...list, c.id] : list.filter((id) => id !== c.id),
                        )
                      }
                    />
                  ))}
                </div>
              )}
            </fieldset>
            <Form.Group className="mb-3" controlId="store-image">
              <Form.Label>{t('seller.field.image')}</Form.Label>
              <Form.Control
                type="file"
                accept="image/*"
                isInvalid={Boolean(errors.image)}
                onChange={(e) => {
                  setImage((e.target as HTMLInputElement).files?.[0] ?? null);
                  clearError('image');
                }}
              />
              <Form.Control.Feedback type="invalid">{errors.image}</Form.Control.Feedback>
            </Form.Group>
          </Col>
          <Col lg={6}>
            <h2 className="h6">{t('seller.addStore.location')}</h2>
            <p className="small text-body-secondary mb-2">{t('seller.addStore.locationHelp')}</p>
            {mapStyle.ready ? (
              <LocationPickerMap
                key={locale}
                styleUrl={mapStyle.styleUrl}
                position={position}
                focusKey={focusKey}
                height="min(60vh, 460px)"
                onChange={(p) => {
                  setLatitude(fixed6(p.latitude));
                  setLongitude(fixed6(p.longitude));
                  setErrors(({ latitude: _a, longitude: _b, ...rest }) => rest);
                }}
              />
            ) : (
              <div className="rounded border bg-body-tertiary" style={{ height: 'min(60vh, 460px)' }}>
                <Loader label={t('map.loadingMap')} />
              </div>
            )}
          </Col>
        </Row>
        <div className="d-flex gap-2 mt-3">
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? t('seller.creating') : t('seller.addStore.submit')}
          </Button>
          <Link to={paths.myStores} className="btn btn-outline-secondary">
            {t('seller.cancel')}
          </Link>
        </div>
      </Form>
    </Container>
  );
}
