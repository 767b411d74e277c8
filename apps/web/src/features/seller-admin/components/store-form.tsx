/**
 * The store form in field groups: details (with the address lookup), categories, picture, and
 * the map whose pin follows the address. Add Store shows it empty; an edit form, filled in.
 */
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ImageField, TextField } from '../../../components/form-field';
import { useCategoryLabel } from '../../../components/categories/category-label';
import { Loader } from '../../../components/loader';
import { useLocale, useT } from '../../../i18n';
import { useCategories } from '../../catalogue/api/categories';
import { useMapStyleUrl } from '../../map/api/map-config';
import { LocationPickerMap } from '../../map/components/location-picker-map';
import { storeFieldId, type StoreForm as StoreFormState } from '../hooks/use-store-form';
import type { StoreField } from '../lib/store-form';
import { AddressCombobox } from './address-combobox';
import { AddressPrecision } from './address-precision';
import { FormActions } from './form-actions';

type TextStoreField = Exclude<StoreField, 'image' | 'address'>;

function StoreTextField({
  form,
  field,
  label,
  ...control
}: {
  form: StoreFormState;
  field: TextStoreField;
  label: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'decimal';
  placeholder?: string;
  type?: string;
  as?: 'textarea';
  rows?: number;
}) {
  return (
    <TextField
      id={storeFieldId(field)}
      label={label}
      value={form.values[field]}
      onValueChange={(value) => form.set(field, value)}
      error={form.errors.message(field)}
      {...control}
    />
  );
}

/** Name, address, place, coordinates, phone and description. */
export function StoreDetailsFields({ form }: { form: StoreFormState }) {
  const t = useT();
  return (
    <>
      <StoreTextField
        form={form}
        field="name"
        label={t('seller.field.name')}
        required
        autoComplete="organization"
      />
      <Form.Group className="mb-3">
        <AddressCombobox
          id={storeFieldId('address')}
          error={form.errors.message('address')}
          value={form.values.address}
          onInput={form.typeAddress}
          onChoose={form.chooseAddress}
        />
        {form.chosen && (
          <AddressPrecision
            feature={form.chosen.feature}
            postcode={form.chosen.postcode}
            onPostcode={form.choosePostcode}
          />
        )}
      </Form.Group>
      <Row>
        <Col sm={6}>
          <StoreTextField
            form={form}
            field="city"
            label={t('seller.field.city')}
            autoComplete="address-level2"
          />
        </Col>
        <Col sm={6}>
          <StoreTextField
            form={form}
            field="country"
            label={t('seller.field.country')}
            autoComplete="country-name"
          />
        </Col>
      </Row>
      <Row>
        <Col sm={6}>
          <StoreTextField
            form={form}
            field="latitude"
            label={t('seller.field.latitude')}
            inputMode="decimal"
            required
            placeholder={t('seller.field.example', { value: '47.376887' })}
          />
        </Col>
        <Col sm={6}>
          <StoreTextField
            form={form}
            field="longitude"
            label={t('seller.field.longitude')}
            inputMode="decimal"
            required
            placeholder={t('seller.field.example', { value: '8.541694' })}
          />
        </Col>
      </Row>
      <StoreTextField
        form={form}
        field="phone"
        label={t('seller.field.phone')}
        type="tel"
        autoComplete="tel"
      />
      <StoreTextField
        form={form}
        field="description"
        label={t('seller.field.description')}
        as="textarea"
        rows={3}
      />
    </>
  );
}

/** The store's categories, as checkboxes. */
export function StoreCategoryChecks({ form }: { form: StoreFormState }) {
  const t = useT();
  const categories = useCategories();
  const label = useCategoryLabel();
  const chosen = form.values.category;
  return (
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
              label={label(c.name)}
              checked={chosen.includes(c.id)}
              onChange={(e) =>
                form.set(
                  'category',
                  e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id),
                )
              }
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

const MAP_HEIGHT = 'min(60vh, 460px)';

/** The map: its pin follows the coordinates; a drag or click sets them. */
export function StoreLocationField({ form }: { form: StoreFormState }) {
  const t = useT();
  const locale = useLocale();
  const mapStyle = useMapStyleUrl();
  return (
    <>
      <h2 className="h6">{t('seller.addStore.location')}</h2>
      <p className="small text-body-secondary mb-2">{t('seller.addStore.locationHelp')}</p>
      {mapStyle.ready ? (
        <LocationPickerMap
          key={locale}
          styleUrl={mapStyle.styleUrl}
          position={form.position}
          focusKey={form.focusKey}
          height={MAP_HEIGHT}
          onChange={form.placePin}
        />
      ) : (
        <div className="rounded border bg-body-tertiary" style={{ height: MAP_HEIGHT }}>
          <Loader label={t('map.loadingMap')} />
        </div>
      )}
    </>
  );
}

export function StoreForm({
  form,
  pending,
  submitLabel,
  pendingLabel,
  cancelTo,
}: {
  form: StoreFormState;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
}) {
  const t = useT();
  return (
    <Form noValidate onSubmit={form.submit}>
      <Row className="g-4">
        <Col lg={6}>
          <StoreDetailsFields form={form} />
          <StoreCategoryChecks form={form} />
          <ImageField
            id={storeFieldId('image')}
            label={t('seller.field.image')}
            error={form.errors.message('image')}
            onFile={(file) => form.set('image', file)}
          />
        </Col>
        <Col lg={6}>
          <StoreLocationField form={form} />
        </Col>
      </Row>
      <FormActions
        className="d-flex gap-2 mt-3"
        pending={pending}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
        cancelTo={cancelTo}
      />
    </Form>
  );
}
