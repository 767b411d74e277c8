/** Types of critical-css.mjs (the web build's rule index for the server's critical CSS). */
export interface IndexedRule {
  sheet: string;
  at: string[];
  need: string[][] | null;
  css: string;
}
export function classesOf(selector: string): string[];
export function ruleIndex(sheets: { href: string; css: string }[]): { rules: IndexedRule[] };
