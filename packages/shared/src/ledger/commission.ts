/**
 * Commission and VAT per order line, computed once at placement and frozen (decision 225).
 * Everything is integer Rappen; percentages are basis points (10 % = 1000) so that no float
 * ever reaches a stored amount. Rounding is half-up to the Rappen, per line.
 */

export type VatCategory = 'standard' | 'reduced' | 'exempt';

/** Swiss VAT rates since 1 January 2024, in basis points. */
export const VAT_RATE_BP: Record<VatCategory, number> = { standard: 810, reduced: 260, exempt: 0 };

export interface CommissionRule {
  /** null = any seller. */
  sellerId: number | null;
  /** null = any category. */
  categoryId: number | null;
  percentBp: number;
  /** Fixed fee per order line, in Rappen. */
  fixedFeeRappen: number;
}

export interface CommissionSettings {
  defaultPercentBp: number;
  onShipping: boolean;
  rules: readonly CommissionRule[];
}

export interface TermsLine {
  sellerId: number;
  categoryId: number;
  unitPriceRappen: number;
  quantity: number;
  vat: VatCategory;
}

export interface LineTerms {
  grossRappen: number;
  percentBp: number;
  fixedFeeRappen: number;
  commissionRappen: number;
  vatRateBp: number;
  vatRappen: number;
}

/** a × b / c rounded half-up (away from zero for negatives), in integers only. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const sign = Math.sign(a) * Math.sign(b) * Math.sign(c);
  const [x, y, z] = [BigInt(Math.abs(a)), BigInt(Math.abs(b)), BigInt(Math.abs(c))];
  const rounded = (x * y * 2n + z) / (z * 2n);
  return sign * Number(rounded);
}

function specificity(rule: CommissionRule): number {
  return (rule.sellerId !== null ? 2 : 0) + (rule.categoryId !== null ? 1 : 0);
}

/** The rule that applies to a seller's product in a category: the most specific wins. */
export function ruleFor(
  settings: CommissionSettings,
  sellerId: number,
  categoryId: number | null,
): Pick<CommissionRule, 'percentBp' | 'fixedFeeRappen'> {
  let best: CommissionRule | null = null;
  for (const rule of settings.rules) {
    if (rule.sellerId !== null && rule.sellerId !== sellerId) continue;
    if (rule.categoryId !== null && rule.categoryId !== categoryId) continue;
    if (!best || specificity(rule) > specificity(best)) best = rule;
  }
  return best ?? { percentBp: settings.defaultPercentBp, fixedFeeRappen: 0 };
}

/** The VAT contained in a gross amount at a rate: gross × rate / (100 % + rate), half-up. */
export function vatIncluded(grossRappen: number, rateBp: number): number {
  return rateBp === 0 ? 0 : mulDivHalfUp(grossRappen, rateBp, 10_000 + rateBp);
}

/** Frozen terms of one order line. The commission never exceeds the line's gross. */
export function lineTerms(settings: CommissionSettings, line: TermsLine): LineTerms {
  const grossRappen = line.unitPriceRappen * line.quantity;
  const rule = ruleFor(settings, line.sellerId, line.categoryId);
  const commission = mulDivHalfUp(grossRappen, rule.percentBp, 10_000) + rule.fixedFeeRappen;
  const vatRateBp = VAT_RATE_BP[line.vat];
  return {
    grossRappen,
    percentBp: rule.percentBp,
    fixedFeeRappen: rule.fixedFeeRappen,
    commissionRappen: Math.min(commission, grossRappen),
    vatRateBp,
    vatRappen: vatIncluded(grossRappen, vatRateBp),
  };
}

/**
 * Terms of a seller part's shipping: the seller's rate without the fixed fee (when commission
 * applies to shipping), VAT at the highest rate among the part's lines (decision 225).
 */
export function shippingTerms(
  settings: CommissionSettings,
  sellerId: number,
  shippingRappen: number,
  lineRatesBp: readonly number[],
): LineTerms {
  const rule = ruleFor(settings, sellerId, null);
  const percentBp = settings.onShipping ? rule.percentBp : 0;
  const vatRateBp = lineRatesBp.length ? Math.max(...lineRatesBp) : VAT_RATE_BP.standard;
  return {
    grossRappen: shippingRappen,
    percentBp,
    fixedFeeRappen: 0,
    commissionRappen: mulDivHalfUp(shippingRappen, percentBp, 10_000),
    vatRateBp,
    vatRappen: vatIncluded(shippingRappen, vatRateBp),
  };
}

/** A part of a line's terms for a partial refund, proportional and half-up. */
export function shareOf(amountRappen: number, ofGrossRappen: number, partRappen: number): number {
  if (ofGrossRappen === 0) return 0;
  return mulDivHalfUp(amountRappen, partRappen, ofGrossRappen);
}
