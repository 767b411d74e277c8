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
