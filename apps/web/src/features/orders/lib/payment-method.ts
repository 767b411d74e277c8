/** How an order's payment method reads: PayPal and TWINT by their names, the invoice in the reader's language. */
export function paymentMethodLabel(method: string, t: (key: string) => string): string {
  return method === 'Invoice' ? t('orders.method.invoice') : method;
}
