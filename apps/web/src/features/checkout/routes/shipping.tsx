import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import type { ShippingAddress } from '@marktgasse/shared';
import { FormContainer } from '../../../components/form-container';
import { TextField } from '../../../components/form-field';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { messageText } from '../../../lib/field-errors';
import { useCart } from '../../../stores/cart';
import { CheckoutSteps } from '../components/checkout-steps';
import { validateShipping, type ShippingErrors } from '../lib/shipping-form';
import '../checkout.css';

const FIELDS: { name: keyof ShippingAddress; autoComplete: string }[] = [
  { name: 'address', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'postalCode', autoComplete: 'postal-code' },
  { name: 'country', autoComplete: 'country-name' },
];

export function Component() {
  const t = useT();
  usePageTitle(t('checkout.shipping.title'));
  const navigate = useNavigate();
  const saved = useCart((s) => s.shippingAddress);
  const saveShippingAddress = useCart((s) => s.saveShippingAddress);
  const hasOnline = useCart(
    (s) => s.cartItems.length === 0 || s.cartItems.some((i) => i.orderType === 'online'),
  );
  const [values, setValues] = useState<ShippingAddress>({
    address: saved?.address ?? '',
    city: saved?.city ?? '',
    postalCode: saved?.postalCode ?? '',
    country: saved?.country ?? '',
  });
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (name: keyof ShippingAddress, value: string) => {
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
    saveShippingAddress({
      address: values.address.trim(),
      city: values.city.trim(),
      postalCode: values.postalCode.trim(),
      country: values.country.trim(),
    });
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
            type="text"
            required
            autoComplete={field.autoComplete}
            placeholder={t(`checkout.shipping.${field.name}Example`)}
            inputMode={field.name === 'postalCode' ? 'numeric' : undefined}
            value={values[field.name]}
            onValueChange={(value) => update(field.name, value)}
            error={messageText(t, errors[field.name])}
          />
        ))}
        <Button type="submit">{t('checkout.continue')}</Button>
      </Form>
    </FormContainer>
  );
}
