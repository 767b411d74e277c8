/** Types of critical-css.mjs (the web build's rule index for the server's critical CSS). */
export interface IndexedRule {
  sheet: string;
  at: string[];
  /** Per selector: the classes, and the elements as `<name`, that it needs. */
  need: string[][] | null;
  css: string;
  /** The custom properties its declarations (other than custom ones) read. */
  uses?: string[];
  /** A rule defining custom properties: its selector, other declarations and each definition. */
  selector?: string;
  declarations?: string;
  variables?: [name: string, declaration: string, uses: string[]][];
}
export function classesOf(selector: string): string[];
export function tagsOf(selector: string): string[];
export function ruleIndex(sheets: { href: string; css: string }[]): { rules: IndexedRule[] };
export function sheetParts(css: string, count: number): string[];
