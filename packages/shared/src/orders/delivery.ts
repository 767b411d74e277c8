/**
 * Delivery details (issue 32, decision 215): the recipient's phone number in Swiss format and
 * the carriers a seller can name when marking a parcel as sent, with their public tracking pages;
 * how much more from a seller makes their shipping free (the cart shows it).
 */
import { FREE_SHIPPING_FROM_RAPPEN, shippingForSeller } from './rules.ts';

/**
 * A Swiss phone number as people write it ("079 123 45 67", "+41 79 123 45 67",
 * "0041791234567", "044/123 45 67") in the one form we keep: "+41 79 123 45 67".
 * Null when it is no Swiss number (nine digits after the 0 or +41, not starting with 0).
 */
export function normaliseSwissPhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s()./-]/g, '');
  const match = /^(?:\+41|0041|0)([1-9]\d{8})$/.exec(compact);
  if (!match) return null;
  const n = match[1]!;
  return `+41 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 7)} ${n.slice(7)}`;
}

export const CARRIERS = ['swisspost', 'dpd', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The carriers' own names; "other" is translated where it is shown. */
export const CARRIER_NAMES: Record<Exclude<Carrier, 'other'>, string> = {
  swisspost: 'Swiss Post',
  dpd: 'DPD',
  dhl: 'DHL',
};

export const TRACKING_NUMBER_MIN = 6;
export const TRACKING_NUMBER_MAX = 40;
/** Letters, digits and the dots, dashes and spaces carriers print in their numbers. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 .-]*[A-Za-z0-9]$/;

/** How a tracking number is kept: trimmed, capitals, no spaces (the carriers' pages want it so). */
export function normaliseTrackingNumber(raw: string): string {
  return raw.trim().replace(/\s+/g, '').toUpperCase();
}

const TRACKING_PAGES: Record<Exclude<Carrier, 'other'>, string> = {
  swisspost: 'https://www.post.ch/swisspost-tracking?formattedParcelCodes=',
  dpd: 'https://tracking.dpd.de/status/de_CH/parcel/',
  dhl: 'https://www.dhl.com/ch-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=',
};

/** The carrier's public tracking page for a parcel; null for "other" or without a number. */
export function trackingUrl(carrier: Carrier | null, trackingNumber: string | null): string | null {
  if (!carrier || carrier === 'other' || !trackingNumber) return null;
  return TRACKING_PAGES[carrier] + encodeURIComponent(trackingNumber);
}

/**
 * How much more from one seller makes that seller's shipping free (shippingForSeller's rule):
 * 0 when it is free already or nothing of theirs is sent.
 */
export function missingForFreeShipping(itemsRappen: number, hasOnline: boolean): number {
  if (shippingForSeller(itemsRappen, hasOnline) === 0) return 0;
  return FREE_SHIPPING_FROM_RAPPEN - itemsRappen;
}
