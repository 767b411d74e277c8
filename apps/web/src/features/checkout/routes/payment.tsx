import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { PaymentMethod } from '@marktgasse/shared';
import { FormContainer } from '../../../components/form-container';
import { usePageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import { DEFAULT_PAYMENT_METHOD, useCart } from '../../../stores/cart';
import { useInvoiceRefusal, usePaymentMethods } from '../api/payment-methods';
import { CheckoutSteps } from '../components/checkout-steps';
import { PAYMENT_LABELS } from '../lib/payment-labels';
import '../checkout.css';

const HINTS: Partial<Record<PaymentMethod, string>> = {
  TWINT: 'checkout.payment.twintHint',
  Invoice: 'checkout.payment.invoiceHint',
};

export function Component() {
  const t = useT();
  const f = useFormat();
  usePageTitle(t('checkout.payment.pageTitle'));
  const navigate = useNavigate();
  const hasOnline = useCart((s) => s.cartItems.some((i) => i.orderType === 'online'));
  const shippingAddress = useCart((s) => s.shippingAddress);
  const saved = useCart((s) => s.paymentMethod);
  const savePaymentMethod = useCart((s) => s.savePaymentMethod);
  const offered = usePaymentMethods();
  const methods: PaymentMethod[] = offered.data?.methods.map((m) => m.method) ?? ['PayPal'];
  const invoiceRefusal = useInvoiceRefusal(methods.includes('Invoice'));
  const usable = (m: PaymentMethod) => methods.includes(m) && !(m === 'Invoice' && invoiceRefusal);
  const [choice, setChoice] = useState(saved ?? DEFAULT_PAYMENT_METHOD);
  const method = usable(choice as PaymentMethod) ? choice : DEFAULT_PAYMENT_METHOD;

  // An address saved before the recipient's name was asked for goes back for the name.
  if (hasOnline && !shippingAddress?.name) return <Navigate to={paths.shipping} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    savePaymentMethod(method);
    navigate(paths.placeOrder);
  };
  const invoice = offered.data?.invoice;
  const hint = (m: PaymentMethod) => {
    const key = HINTS[m];
    if (!key) return null;
    const max = invoice ? f.money(invoice.maxAmount) : '';
    return t(key, { days: invoice ? invoice.holdDays - invoice.graceDays : 7, max });
  };

  return (
    <FormContainer>
      <CheckoutSteps current="payment" showShipping={hasOnline} />
      <h1 className="h3 mb-3">{t('checkout.payment.title')}</h1>
      <Form onSubmit={submit} className="bg-white p-3 p-md-4 rounded border">
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold">{t('checkout.payment.select')}</legend>
          {methods.map((m) => (
            <div key={m} className="mb-2">
              <Form.Check
                type="radio"
                id={`payment-${m.toLowerCase()}`}
                name="paymentMethod"
                label={t(PAYMENT_LABELS[m])}
                value={m}
                checked={method === m}
                disabled={!usable(m)}
                aria-describedby={hint(m) ? `payment-${m.toLowerCase()}-hint` : undefined}
                onChange={(e) => setChoice(e.target.value)}
              />
              {m === 'Invoice' && invoiceRefusal === 'emailNotConfirmed' ? (
                <div className="form-text ms-4" id="payment-invoice-hint" data-testid="invoice-needs-email">
                  {t('checkout.payment.invoiceNeedsEmail')}{' '}
                  <Link to={paths.profile}>{t('checkout.payment.invoiceNeedsEmailLink')}</Link>
                </div>
              ) : m === 'Invoice' && invoiceRefusal === 'tooFewPaidOrders' ? (
                <div
                  className="form-text ms-4"
                  id="payment-invoice-hint"
                  data-testid="invoice-needs-paid-order"
                >
                  {t('checkout.payment.invoiceNeedsPaidOrder')}
                </div>
              ) : (
                hint(m) && (
                  <div className="form-text ms-4" id={`payment-${m.toLowerCase()}-hint`}>
                    {hint(m)}
                  </div>
                )
              )}
            </div>
          ))}
        </fieldset>
        <Button type="submit">{t('checkout.continue')}</Button>
      </Form>
    </FormContainer>
  );
}
