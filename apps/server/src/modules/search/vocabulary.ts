/**
 * Every word the search has indexed, held in memory per server process (docs/decisions/128):
 * which words a query word begins or is part of, and which are a typo or two away, are
 * answered without a database round trip. So a search resolves to the words it will match
 * before it asks the database anything, and two spellings that resolve alike ("schokolxde",
 * "schokolqde") share one cached answer.
 *
 * The words only grow (triggers add them to search_vocabulary with a rising id): a refresh
 * reads the rows after the last id seen. The service refreshes whenever the read cache was
 * invalidated by a write or its entry expired, so a new product's words are known at once in
 * the process that wrote it and within the cache lifetime everywhere else.
 */
import { editDistance, typoBudget } from '@marktgasse/shared';
import type { SearchRepo } from './repo.ts';

/** What the vocabulary says about one query word. */
export interface WordFacts {
  /** Some indexed word is the word or starts with it. */
  prefixed: boolean;
  /** Indexed words that contain it but do not start with it (compounds: "hartkase" for "kase"). */
  parts: string[];
  /** Indexed words one typo away, then two away (within the word's budget); looked up when first asked. */
  typos(): string[][];
}

/** Ids read again on each refresh, for words whose transaction committed after a later one. */
const REREAD = 1000;
/** A word of 3 letters is a part only at the end of a compound ("uhr" in "taschenuhr"); from 4 anywhere. */
const PART_MIN = 3;
/** At most this many parts per word, the shortest first: a short word inside hundreds of words says little. */
const MAX_PARTS = 50;
/** Words whose facts are kept (emptied when full): a search as popular as a hot URL costs no scan. */
const MAX_KEPT_FACTS = 10_000;

export class Vocabulary {
  /** Sorted, so the words starting with a prefix are one binary search away. */
  private sorted: string[] = [];
  private readonly known = new Set<string>();
  private readonly byLength = new Map<number, string[]>();
  private lastId = 0;
  private refreshing: Promise<void> | null = null;
  /**
   * The facts of words asked since the vocabulary last grew. Each search word otherwise scans
   * every indexed word (parts, then typos by edit distance): a hot search URL spent most of
   * its time there, before its cached answer could even be looked up (decision 194).
   */
  private readonly kept = new Map<string, WordFacts>();

  get size(): number {
    return this.sorted.length;
  }

  /**
   * Reads the words added since the last refresh (one refresh at a time). Ids come from a
   * sequence, so a word of a transaction that committed late can carry a lower id than one
   * already read: the last REREAD ids are read again.
   */
  refresh(repo: SearchRepo): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const rows = await repo.vocabularySince(Math.max(0, this.lastId - REREAD));
        const added: string[] = [];
        for (const { id, term } of rows) {
          this.lastId = Math.max(this.lastId, id);
          if (this.known.has(term)) continue;
          this.known.add(term);
          added.push(term);
          const same = this.byLength.get(term.length);
          if (same) same.push(term);
          else this.byLength.set(term.length, [term]);
        }
        if (added.length) {
          this.sorted = [...this.sorted, ...added].sort();
          this.kept.clear();
        }
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** What the vocabulary says about `word` (read-only: the same object answers every search for it). */
  facts(word: string): WordFacts {
    const known = this.kept.get(word);
    if (known) return known;
    let typos: string[][] | undefined;
    const facts: WordFacts = {
      prefixed: this.startsWith(word),
      parts: this.parts(word),
      typos: () => (typos ??= this.typos(word)),
    };
    if (this.kept.size >= MAX_KEPT_FACTS) this.kept.clear();
    this.kept.set(word, facts);
    return facts;
  }

  private typos(word: string): string[][] {
    const budget = typoBudget(word);
    const typos: string[][] = Array.from({ length: budget }, () => []);
    for (let length = word.length - budget; length <= word.length + budget; length++) {
      for (const term of this.byLength.get(length) ?? []) {
        if (term.includes(word)) continue;
        const distance = editDistance(word, term, budget);
        if (distance >= 1 && distance <= budget) typos[distance - 1]!.push(term);
      }
    }
    return typos;
  }

  private startsWith(word: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.sorted[mid]! < word) low = mid + 1;
      else high = mid;
    }
    return this.sorted[low]?.startsWith(word) ?? false;
  }

  private parts(word: string): string[] {
    if (word.length < PART_MIN) return [];
    const found: string[] = [];
    for (const term of this.sorted) {
      if (term.length <= word.length || term.startsWith(word)) continue;
      if (word.length === PART_MIN ? term.endsWith(word) : term.includes(word)) found.push(term);
    }
    return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, MAX_PARTS);
  }
}
