import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { TextField } from '../../../components/form-field';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { messageText } from '../../../lib/field-errors';
import { useCart } from '../../../stores/cart';
import { CheckoutSteps } from '../components/checkout-steps';
import {
  shippingToSave,
  validateShipping,
  type ShippingErrors,
  type ShippingField,
  type ShippingValues,
} from '../lib/shipping-form';
import '../checkout.css';

const FIELDS: { name: ShippingField; autoComplete: string; optional?: boolean }[] = [
  { name: 'name', autoComplete: 'name' },
  { name: 'address', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'country', autoComplete: 'country-name' },
  { name: 'phone', autoComplete: 'tel', optional: true },
];

const INPUT_MODES: Partial<Record<ShippingField, 'numeric' | 'tel'>> = {
  postalCode: 'numeric',
  phone: 'tel',
};

export function Component() {
  const t = useT();
  usePageTitle(t('checkout.shipping.title'));
  const navigate = useNavigate();
  const saved = useCart((s) => s.shippingAddress);
  const saveShippingAddress = useCart((s) => s.saveShippingAddress);
  const hasOnline = useCart(
    (s) => s.cartItems.length === 0 || s.cartItems.some((i) => i.orderType === 'online'),
  );
  const [values, setValues] = useState<ShippingValues>({
    name: saved?.name ?? '',
    address: saved?.address ?? '',
    city: saved?.city ?? '',
    postalCode: saved?.postalCode ?? '',
    country: saved?.country ?? '',
    phone: saved?.phone ?? '',
  });
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (name: ShippingField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(validateShipping(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateShipping(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field.name]);
    if (first) {
      // Keyboard and screen reader users land on the first field to fix.
      document.getElementById(`shipping-${first.name}`)?.focus();
      return;
    }
    saveShippingAddress(shippingToSave(values));
    navigate(paths.payment);
  };

  return (
    <FormContainer>
      <CheckoutSteps current="shipping" showShipping={hasOnline} />
      <h1 className="h3 mb-3">{t('checkout.shipping.title')}</h1>
      <Form noValidate onSubmit={submit} className="bg-white p-3 p-md-4 rounded border">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`shipping-${field.name}`}
            label={t(`checkout.shipping.${field.name}`)}
            type={field.name === 'phone' ? 'tel' : 'text'}
            required={!field.optional}
            autoComplete={field.autoComplete}
            placeholder={t(`checkout.shipping.${field.name}Example`)}
            inputMode={INPUT_MODES[field.name]}
            value={values[field.name]}
            onValueChange={(value) => update(field.name, value)}
            error={messageText(t, errors[field.name])}
            aria-describedby={field.name === 'phone' ? 'shipping-phone-help' : undefined}
          >
            {field.name === 'phone' && (
              <Form.Text id="shipping-phone-help">{t('checkout.shipping.phoneHelp')}</Form.Text>
            )}
          </TextField>
        ))}
        <Button type="submit">{t('checkout.continue')}</Button>
      </Form>
    </FormContainer>
  );
}
