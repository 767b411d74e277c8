/**
 * PayPal Smart Buttons. The SDK script loads only when this component mounts (on the
 * customer order page); a failed load is only logged to the console (spec §8).
 */
import { useEffect, useRef } from 'react';

interface PaypalButtonsApi {
  render(container: HTMLElement): Promise<void>;
  close?: () => Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onError?: (error: unknown) => void;
  }): PaypalButtonsApi;
}
declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

const loaded = new Map<string, Promise<void>>();

export function loadPaypalSdk(clientId: string, currency: string): Promise<void> {
  const src = `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=${encodeURIComponent(currency)}`;
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error('The PayPal script could not be loaded.'));
      };
      document.body.appendChild(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

export function PaypalButtons({
  clientId,
  currency,
  createOrder,
  onApprove,
  onError,
}: {
  clientId: string;
  currency: string;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const handlers = useRef({ createOrder, onApprove, onError });
  useEffect(() => {
    handlers.current = { createOrder, onApprove, onError };
  });

  useEffect(() => {
    let cancelled = false;
    let buttons: PaypalButtonsApi | null = null;
    loadPaypalSdk(clientId, currency)
      .then(() => {
        if (cancelled || !container.current || !window.paypal) return;
        buttons = window.paypal.Buttons({
          createOrder: () => handlers.current.createOrder(),
          onApprove: (data) => handlers.current.onApprove(data.orderID),
          onError: (error) => handlers.current.onError(error),
        });
        return buttons.render(container.current);
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
      buttons?.close?.().catch(() => undefined);
    };
  }, [clientId, currency]);

  return <div id="paypal-buttons" ref={container} />;
}
