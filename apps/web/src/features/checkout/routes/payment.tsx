import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Navigate, useNavigate } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { DEFAULT_PAYMENT_METHOD, useCart } from '../../../stores/cart';
import { CheckoutSteps } from '../components/checkout-steps';
import '../checkout.css';

export function Component() {
  const t = useT();
  usePageTitle(t('checkout.payment.pageTitle'));
  const navigate = useNavigate();
  const hasOnline = useCart((s) => s.cartItems.some((i) => i.orderType === 'online'));
  const shippingAddress = useCart((s) => s.shippingAddress);
  const savePaymentMethod = useCart((s) => s.savePaymentMethod);
  const [method, setMethod] = useState(DEFAULT_PAYMENT_METHOD);

  // An address saved before the recipient's name was asked for goes back for the name.
  if (hasOnline && !shippingAddress?.name) return <Navigate to={paths.shipping} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    savePaymentMethod(method);
    navigate(paths.placeOrder);
  };

  return (
    <FormContainer>
      <CheckoutSteps current="payment" showShipping={hasOnline} />
      <h1 className="h3 mb-3">{t('checkout.payment.title')}</h1>
      <Form onSubmit={submit} className="bg-white p-3 p-md-4 rounded border">
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold">{t('checkout.payment.select')}</legend>
          <Form.Check
            type="radio"
            id="payment-paypal"
            name="paymentMethod"
            label={t('checkout.payment.paypal')}
            value="PayPal"
            checked={method === 'PayPal'}
            onChange={(e) => setMethod(e.target.value)}
          />
        </fieldset>
        <Button type="submit">{t('checkout.continue')}</Button>
      </Form>
    </FormContainer>
  );
}
