/**
 * One line for a store's place: the address, plus the city and country when the address does
 * not already name them (a chosen suggestion reads "3011 Bern, Bern, Switzerland").
 */
export function placeLine(address: string, ...more: string[]): string {
  const parts = address.trim() ? [address.trim()] : [];
  for (const extra of more) {
    const text = extra.trim();
    if (text && !parts.some((p) => p.toLowerCase().includes(text.toLowerCase()))) parts.push(text);
  }
  return parts.join(', ');
}

/** A shipping address on one line: 'Marktgasse 1, 3011 Bern, Schweiz'. */
export function postalLine(address: { address: string; postalCode: string; city: string; country: string }) {
  return `${address.address}, ${address.postalCode} ${address.city}, ${address.country}`;
}
