/** The only file of the pages module that touches the ORM: the stored product pages (decision 316). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/sql.ts';
import { productPages, productPageVersions } from '../../db/schema.ts';

/** A stored page's row, as the pages service joins it into an answer. */
export interface StoredPageRow {
  productId: number;
  language: string;
  version: number;
  build: string;
  shape: string;
  firstDigest: string;
  deflated: Buffer;
  size: number;
  crc: number;
}

/** The product's page version now, and its stored page in the language when there is one of this build. */
export interface StoredPageLookup {
  version: number;
  page: StoredPageRow | null;
}

/**
 * One index look-up in each table: the version, and the page beside it. A prepared statement
 * (planning it cost a third of a stored page's time); its plan is made again after each ANALYZE
 * (`StoredPages` runs one as the table grows: PGlite has no autovacuum).
 */
const lookupQuery = preparedPerDb((db) =>
  db
    .select({
      version: sql<number>`coalesce((select ${productPageVersions.version} from ${productPageVersions}
        where ${productPageVersions.productId} = ${sql.placeholder('id')}), 0)`.mapWith(Number),
      pageVersion: productPages.version,
      shape: productPages.shape,
      firstDigest: productPages.firstDigest,
      deflated: productPages.deflated,
      size: productPages.size,
      crc: productPages.crc,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(
      productPages,
      sql`${productPages.productId} = ${sql.placeholder('id')} and ${productPages.language} = ${sql.placeholder('language')} and ${productPages.build} = ${sql.placeholder('build')}`,
    )
    .prepare('pages_stored_product_page'),
);

/** A driver may hand bytea over as a Buffer, a Uint8Array or (PGlite's text path) a hex string. */
function bytesOf(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === 'string' && value.startsWith('\\x')) return Buffer.from(value.slice(2), 'hex');
  throw new Error('a stored page came back in an unknown form');
}

export class PagesRepo {
  constructor(private readonly db: Db) {}

  async lookup(id: number, language: string, build: string): Promise<StoredPageLookup> {
    const [row] = await lookupQuery(this.db).execute({ id, language, build });
    if (!row) return { version: 0, page: null };
    const version = Number(row.version);
    if (row.pageVersion === null || row.deflated === null) return { version, page: null };
    return {
      version,
      page: {
        productId: id,
        language,
        version: row.pageVersion,
        build,
        shape: row.shape!,
        firstDigest: row.firstDigest!,
        deflated: bytesOf(row.deflated),
        size: row.size!,
        // Stored signed (an integer column); zlib continues an unsigned CRC.
        crc: row.crc! >>> 0,
      },
    };
  }

  /** Writes pages, each replacing its product's page in that language. */
  async write(rows: StoredPageRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(productPages)
      .values(rows.map((row) => ({ ...row, writtenAt: new Date() })))
      .onConflictDoUpdate({
        target: [productPages.productId, productPages.language],
        set: {
          version: sql`excluded.version`,
          build: sql`excluded.build`,
          shape: sql`excluded.shape`,
          firstDigest: sql`excluded.first_digest`,
          deflated: sql`excluded.deflated`,
          size: sql`excluded.size`,
          crc: sql`excluded.crc`,
          writtenAt: sql`excluded.written_at`,
        },
      });
  }

  /** Fresh planner statistics once many pages were written (the write-ahead's sweep). */
  async analyze(): Promise<void> {
    await this.db.execute(sql`analyze ${productPages}, ${productPageVersions}`);
  }

  /** Of each of `ids`: its page version, and whether its page in `language` of `build` is stored at that version. */
  async state(
    ids: number[],
    language: string,
    build: string,
  ): Promise<Map<number, { version: number; current: boolean }>> {
    const found = new Map<number, { version: number; current: boolean }>();
    if (ids.length === 0) return found;
    const rows = await this.db
      .select({
        id: sql<number>`wanted.id`.mapWith(Number),
        version: sql<number>`coalesce(${productPageVersions.version}, 0)`.mapWith(Number),
        current: sql<boolean>`coalesce(${productPages.version} = coalesce(${productPageVersions.version}, 0) and ${productPages.build} = ${build}, false)`,
      })
      .from(sql`unnest(${sql.param(ids)}::int[]) as wanted(id)`)
      .leftJoin(productPageVersions, sql`${productPageVersions.productId} = wanted.id`)
      .leftJoin(
        productPages,
        sql`${productPages.productId} = wanted.id and ${productPages.language} = ${language}`,
      );
    for (const row of rows) found.set(row.id, { version: row.version, current: row.current === true });
    return found;
  }
}
