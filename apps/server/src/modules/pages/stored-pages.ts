/**
 * Product pages written once and kept in the database (decision 316). A guest's product page
 * depends on the product's rows, the running build and the year only; rendering it on every
 * request cost about four JSON answers. So a rendered page's own bytes are stored compressed
 * (raw deflate ending in a sync flush, decision 308) beside the product's page version, which
 * triggers raise in every transaction that changes what the page shows. A request reads the
 * version and the page in one statement and sends the page joined between the kept parts when
 * both agree; otherwise it renders, answers, and stores the new page after the answer.
 *
 * The version is read before the product's data: a write between the two leaves a page stored
 * under a version that is already old, rendered again on its next request, never a stale page
 * under a current version.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { PAGE_LANGUAGES, type PageLanguage } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { crcThroughMiddle, inflatedMiddle, middlePart } from '../../lib/gzip-splice.ts';
import { joinedAnswer, type RenderedAnswer } from '../../lib/public-answer.ts';
import { mediaUrl } from '../media/pipeline.ts';
import { CatalogueService } from '../catalogue/service.ts';
import { isPageLanguage } from './addresses.ts';
import type { DocumentSplit, PageDocuments } from './document.ts';
import { PagesRepo, type StoredPageRow } from './repo.ts';

/** zlib's level for a stored page: compressed once, sent many times (13 KB → about 4 KB). */
const STORED_LEVEL = 6;
/** Pages waiting to be written at most; more are dropped (they are rendered again when asked). */
const MAX_WAITING = 2_000;
/** Pages written in one statement. */
const WRITE_BATCH = 100;

/**
 * The server's own code: a stored page's head, data and document come from it. The bundle when
 * it runs from one (dist/), else every source file (tests, development).
 */
function serverCodeDigest(): string {
  const here = fileURLToPath(import.meta.url);
  const hash = createHash('sha1');
  if (here.endsWith('.js')) hash.update(readFileSync(here));
  else {
    const src = path.resolve(path.dirname(here), '../..');
    const files = readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !/\.(test|integration-test)\.ts$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    for (const file of files) if (existsSync(file)) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('base64url').slice(0, 16);
}
let codeDigest: string | undefined;

/** Each app's stored pages (one per app context), for its tests and jobs. */
const byContext = new WeakMap<AppContext, StoredPages>();
export const storedPagesOf = (ctx: AppContext) => byContext.get(ctx);

export class StoredPages {
  private readonly repo: PagesRepo;
  private readonly readRepo: PagesRepo;
  private readonly buildBase: string;
  private waiting: StoredPageRow[] = [];
  private writing: Promise<void> | null = null;
  /** Pages this process has written, and at how many it next refreshes the planner's statistics. */
  private writtenCount = 0;
  private analyzeAt = 1_000;

  constructor(
    private readonly ctx: AppContext,
    private readonly documents: PageDocuments,
    origin: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.repo = new PagesRepo(ctx.database.db);
    this.readRepo = new PagesRepo(ctx.database.readDb);
    byContext.set(ctx, this);
    codeDigest ??= serverCodeDigest();
    this.buildBase = createHash('sha1')
      .update([documents.fingerprint, codeDigest, origin, mediaUrl(ctx.media, 'p.jpg', 'product')].join('\n'))
      .digest('base64url')
      .slice(0, 16);
  }

  /** What a stored page must have been made by: this build, this year (the footer shows it). */
  get build(): string {
    return `${this.buildBase}:${new Date().getFullYear()}`;
  }

  /** The product's stored page in the language when it is current, and the version either way. */
  async stored(
    id: number,
    language: PageLanguage,
  ): Promise<{ answer: RenderedAnswer | null; version: number }> {
    const { version, page } = await this.readRepo.lookup(id, language, this.build);
    if (!page || page.version !== version) return { answer: null, version };
    const first = this.documents.firstPartOfShape(language, page.shape, () =>
      inflatedMiddle(page.deflated).toString(),
    );
    // The first part is made again the same from the same build; a different one is not joined.
    if (first.digest !== page.firstDigest) return { answer: null, version };
    const answer = joinedAnswer({
      first,
      deflated: page.deflated,
      size: page.size,
      crcThroughOwn: page.crc,
      last: this.documents.lastPart,
    });
    return { answer, version };
  }

  /**
   * A page rendered now as an answer whose own bytes are compressed as they are stored, and its
   * row to store (null for a page without a renderer's shape: the checks' renders).
   */
  prepared(
    id: number,
    language: PageLanguage,
    version: number,
    split: DocumentSplit,
    shape: string | undefined,
  ): { answer: RenderedAnswer; row: StoredPageRow | null } {
    const own = Buffer.from(split.middle);
    const deflated = middlePart(own, STORED_LEVEL);
    const crc = crcThroughMiddle(split.first, own);
    const answer = joinedAnswer({
      first: split.first,
      deflated,
      size: own.length,
      crcThroughOwn: crc,
      last: split.last,
      own,
    });
    const row =
      shape === undefined
        ? null
        : {
            productId: id,
            language,
            version,
            build: this.build,
            shape,
            firstDigest: split.first.digest,
            deflated,
            size: own.length,
            // Stored as a signed 32-bit integer.
            crc: crc | 0,
          };
    return { answer, row };
  }

  /** Stores a page after the answer, with others in one statement. */
  keep(row: StoredPageRow): void {
    if (this.waiting.length >= MAX_WAITING) return;
    this.waiting.push(row);
    this.writing ??= this.writeWaiting().finally(() => {
      this.writing = null;
    });
  }

  /** Of `ids`, those whose page in `language` is stored and current. */
  async current(ids: number[], language: PageLanguage): Promise<number[]> {
    const state = await this.repo.state(ids, language, this.build);
    return ids.filter((id) => state.get(id)?.current);
  }

  /** Resolves once every page kept so far is written (tests, the write-ahead). */
  async written(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async writeWaiting(): Promise<void> {
    await nextTurn();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, WRITE_BATCH);
      // A page that is not written is rendered again when it is next asked for.
      await this.repo
        .write(batch)
        .catch((error: unknown) => this.log?.warn({ err: error }, 'product pages not stored'));
      this.writtenCount += batch.length;
      // A plan made while the table was small would go on scanning it as it grows (decision
      // 316): fresh statistics at 1,000, 2,000, 4,000… pages written make the look-up planned anew.
      if (this.writtenCount >= this.analyzeAt) {
        this.analyzeAt *= 2;
        await this.repo.analyze().catch((error: unknown) => this.log?.warn({ err: error }, 'analyze failed'));
      }
    }
  }

  /**
   * Writes every live product's page in each language that is not stored and current (the
   * write-ahead: decision 316), a batch at a time, giving requests their turn between pages.
   * `render` makes one page as a request would; it returns null for a product that is no page.
   */
  async writeAhead(
    languages: readonly PageLanguage[],
    render: (id: number, language: PageLanguage, version: number) => Promise<StoredPageRow | null>,
    stopped: () => boolean,
  ): Promise<number> {
    const ids = (await new CatalogueService(this.ctx).sitemapEntries()).ids;
    let count = 0;
    for (const language of languages)
      for (let at = 0; at < ids.length && !stopped(); at += 200) {
        const batch = Array.from(ids.subarray(at, at + 200));
        const state = await this.repo.state(batch, language, this.build);
        for (const id of batch) {
          const known = state.get(id);
          if (known?.current || stopped()) continue;
          const row = await render(id, language, known?.version ?? 0);
          if (row) {
            this.keep(row);
            count += 1;
          }
          await nextTurn();
        }
        await this.written();
      }
    return count;
  }
}

/** The languages a PAGES_WRITE_AHEAD setting names. */
export function writeAheadLanguages(setting: string): PageLanguage[] {
  if (setting === 'off') return [];
  if (setting === 'all') return [...PAGE_LANGUAGES];
  return setting.split(',').filter(isPageLanguage);
}
