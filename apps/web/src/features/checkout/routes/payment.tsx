import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Navigate, useNavigate } from 'react-router';
import { FormContainer } from '../../../components/form-container';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { DEFAULT_PAYMENT_METHOD, useCart } from '../../../stores/cart';
import { CheckoutSteps } from '../components/checkout-steps';
import '../checkout.css';

export function Component() {
  usePageTitle('Payment');
  const navigate = useNavigate();
  const hasOnline = useCart((s) => s.cartItems.some((i) => i.orderType === 'online'));
  const shippingAddress = useCart((s) => s.shippingAddress);
  const savePaymentMethod = useCart((s) => s.savePaymentMethod);
  const [method, setMethod] = useState(DEFAULT_PAYMENT_METHOD);

  if (hasOnline && !shippingAddress) return <Navigate to={paths.shipping} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    savePaymentMethod(method);
    navigate(paths.placeOrder);
  };

  return (
    <FormContainer>
      <CheckoutSteps current="payment" showShipping={hasOnline} />
      <h1 className="h3 mb-3">Payment Method</h1>
      <Form onSubmit={submit} className="bg-white p-3 p-md-4 rounded border">
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold">Select Method</legend>
          <Form.Check
            type="radio"
            id="payment-paypal"
            name="paymentMethod"
            label="PayPal or Credit Card"
            value="PayPal"
            checked={method === 'PayPal'}
            onChange={(e) => setMethod(e.target.value)}
          />
        </fieldset>
        <Button type="submit">Continue</Button>
      </Form>
    </FormContainer>
  );
}
