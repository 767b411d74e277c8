import { forbidden } from '../../../lib/errors.ts';
import type { CapturedPayment, PayableOrder, PaymentProvider } from './provider.ts';

/** Pays without moving money, so the whole flow runs offline; refused in production. */
export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly clientId = null;

  constructor(private readonly production: boolean) {}

  async capture(order: PayableOrder): Promise<CapturedPayment> {
    if (this.production) {
      throw forbidden('Test payments are switched off in production. Please pay with PayPal.');
    }
    return {
      provider: 'test',
      reference: `test-${order.id}`,
      amountRappen: order.totalRappen,
      currency: 'CHF',
    };
  }
}
