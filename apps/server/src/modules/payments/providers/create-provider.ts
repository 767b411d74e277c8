/** The payment provider the configuration asks for (its own file, so the providers import no factory). */
import type { Config } from '../../../config/env.ts';
import { PayPalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { TestProvider } from './test-provider.ts';

/** PayPal when its credentials are configured, else the built-in test provider (refused in production). */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) {
    return new PayPalProvider({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      apiUrl: config.PAYPAL_API_URL,
    });
  }
  return new TestProvider(config.NODE_ENV === 'production');
}
