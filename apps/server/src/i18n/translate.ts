/**
 * Server messages in the caller's language: Accept-Language negotiation and the lookup of an
 * English `detail` (or field message) in the catalogue of messages.ts. English stays the
 * source of truth in the code; a message the catalogue does not know is sent in English.
 */
import { MESSAGES, type Translations } from './messages.ts';

export type Language = keyof Translations;
export type Locale = Language | 'en';

export const LANGUAGES: readonly Language[] = ['de', 'fr', 'it'];

/** What `Content-Language` says for each answer language. */
export const CONTENT_LANGUAGE: Record<Locale, string> = { de: 'de-CH', fr: 'fr-CH', it: 'it-CH', en: 'en' };

/** Primary subtags we answer in ('gsw' is Swiss German). Anything else falls through to the next preference. */
const PRIMARY: Record<string, Locale> = { de: 'de', gsw: 'de', fr: 'fr', it: 'it', en: 'en' };

/**
 * The best answer language for an Accept-Language header (RFC 9110 §12.5.4): q-values
 * respected (q=0 means "not this one"), ties kept in the order given, region ignored
 * ('de', 'de-DE', 'de-CH' are German), English when nothing we speak is asked for.
 */
export function negotiateLanguage(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'en';
  const ranges: { locale: Locale; q: number; index: number }[] = [];
  // A hostile header cannot make this expensive: at most 32 ranges are looked at.
  const parts = value.slice(0, 1000).split(',', 32);
  parts.forEach((part, index) => {
    const [tag = '', ...params] = part.trim().split(';');
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*(.*?)\s*$/i.exec(param);
      // A malformed weight makes the whole range unusable (RFC 9110 qvalue: 0 to 1, three decimals).
      if (match) q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(match[1]!) ? Number(match[1]) : 0;
    }
    if (q <= 0) return;
    const locale = PRIMARY[tag.trim().split('-')[0]!.toLowerCase()];
    if (locale) ranges.push({ locale, q, index });
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges[0]?.locale ?? 'en';
}

interface CompiledTemplate {
  pattern: RegExp;
  names: string[];
  translations: Translations;
}

const PLACEHOLDER = /\{([A-Za-z_]\w*)\}/g;

/** Literal messages: one Map lookup. Templates: compiled once, the most specific (longest literal text) first. */
const exact = new Map<string, Translations>();
const templates: (CompiledTemplate & { literalLength: number })[] = [];

for (const [english, translations] of Object.entries(MESSAGES) as [string, Translations][]) {
  const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length === 0) {
    exact.set(english, translations);
    continue;
  }
  const literals = english.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
  const source = literals.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
  templates.push({
    pattern: new RegExp(`^${source}$`, 's'),
    names,
    translations,
    literalLength: literals.join('').length,
  });
}
templates.sort((a, b) => b.literalLength - a.literalLength);

function fill(template: string, values: Map<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
}

/** The translation of one English message, or null when the catalogue does not know it. */
export function translateMessage(english: string, language: Language): string | null {
  const known = exact.get(english);
  if (known) return known[language];
  for (const template of templates) {
    const match = template.pattern.exec(english);
    if (!match) continue;
    const values = new Map<string, string>();
    template.names.forEach((name, i) => {
      if (!values.has(name)) values.set(name, match[i + 1]!);
    });
    return fill(template.translations[language], values);
  }
  return null;
}

const AND_MORE: Record<Language, (n: string) => string> = {
  de: (n) => ` (und ${n} weitere)`,
  fr: (n) => ` (et ${n} autres)`,
  it: (n) => ` (e altri ${n})`,
};

/** describeFieldErrors' form: "field: message" or "field: message (and N more)". */
const COMPOSITE = /^(\S+): (.+?)(?: \(and (\d+) more\))?$/s;

/** A `detail`: a catalogue message, or describeFieldErrors' composite of a field and its message. */
export function translateDetail(english: string, language: Language): string | null {
  const direct = translateMessage(english, language);
  if (direct !== null) return direct;
  const composite = COMPOSITE.exec(english);
  if (!composite) return null;
  const [, field, message, more] = composite;
  const inner = translateMessage(message!, language);
  if (inner === null) return null;
  return `${field}: ${inner}${more ? AND_MORE[language](more) : ''}`;
}

export interface ErrorBody {
  detail: string;
  errors?: unknown;
  [key: string]: unknown;
}

/** The error body with `detail` and each `errors[].message` translated where the catalogue knows them. */
export function translateErrorBody(body: ErrorBody, language: Language): ErrorBody {
  const out: ErrorBody = { ...body, detail: translateDetail(body.detail, language) ?? body.detail };
  if (Array.isArray(body.errors)) {
    out.errors = body.errors.map((item: unknown) => {
      if (!item || typeof item !== 'object') return item;
      const message = (item as { message?: unknown }).message;
      if (typeof message !== 'string') return item;
      return { ...item, message: translateMessage(message, language) ?? message };
    });
  }
  return out;
}
