/**
 * Reports from signed-in users about a product, a review or a seller (issue 29): a queue for
 * the moderation staff with the status open, acted (on) or dismissed. Reporting is rate-limited
 * per user; a second open report of the same user about the same object is the first one.
 */
import type { Paged, Report, ReportCreate } from '@marktgasse/shared';
import { nextOffset } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { notFound, tooMany } from '../../lib/errors.ts';
import { REPORTS_PER_HOUR } from '../../lib/rate-limiter.ts';
import type { Caller } from '../../plugins/auth.ts';
import { AuditService } from '../audit/service.ts';
import { ReportsRepo, type ReportRow } from './repo.ts';

type Status = ReportRow['status'];
type Listed = NonNullable<Awaited<ReturnType<ReportsRepo['find']>>>;

/** Each sentence written out, so that the catalogue of translations finds it (i18n/messages.ts). */
const MISSING = {
  product: (id: number) => notFound(`Product ${id} does not exist.`),
  review: (id: number) => notFound(`Review ${id} does not exist.`),
  seller: (id: number) => notFound(`Seller ${id} does not exist.`),
} as const;

function toReport({ report, reporter, handledBy, objectName }: Listed): Report {
  return {
    id: report.id,
    kind: report.kind,
    object: report.objectId,
    object_name: objectName ?? null,
    reason: report.reason as Report['reason'],
    text: report.text,
    status: report.status,
    reporter,
    created_at: report.createdAt.toISOString(),
    handled_by: handledBy,
    handled_at: report.handledAt?.toISOString() ?? null,
  };
}

export class ReportsService {
  private readonly repo: ReportsRepo;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new ReportsRepo(ctx.database.db);
    this.audit = new AuditService(ctx);
  }

  async create(caller: Caller, input: ReportCreate): Promise<Report> {
    const taken = await this.ctx.limits.take('reportsUser', String(caller.id));
    if (!taken.ok)
      throw tooMany(
        `You have sent ${REPORTS_PER_HOUR} reports in the last hour. Please wait before sending another.`,
        taken.retryAfterSeconds,
      );
    if (!(await this.repo.objectExists(input.kind, input.id))) throw MISSING[input.kind](input.id);
    const row = await this.repo.insert({
      reporterId: caller.id,
      kind: input.kind,
      objectId: input.id,
      reason: input.reason,
      text: input.text,
    });
    return toReport((await this.repo.find(row.id))!);
  }

  async list(
    filter: { status?: Status | undefined; kind?: ReportRow['kind'] | undefined },
    offset: number,
    limit: number,
  ): Promise<Paged<Report>> {
    const rows = await this.repo.page(filter, offset, limit);
    const count = rows[0]?.count ?? (offset > 0 ? ((await this.repo.page(filter, 0, 1))[0]?.count ?? 0) : 0);
    return { results: rows.map(toReport), count, next: nextOffset(offset, limit, count) };
  }

  /** Sets a report's status (idempotent: the same status again changes and audits nothing). */
  async setStatus(
    staff: Caller,
    id: number,
    status: Status,
    reason: string,
    address: string,
  ): Promise<Report> {
    await this.repo.db.transaction(async (tx) => {
      const report = await this.repo.lock(tx, id);
      if (!report) throw notFound(`Report ${id} does not exist.`);
      if (report.status === status) return;
      await this.repo.setStatus(tx, id, status, staff.id);
      await this.audit.record(
        {
          staffId: staff.id,
          action: 'report.status',
          objectType: 'report',
          objectId: id,
          before: { status: report.status },
          after: { status },
          reason,
          address,
        },
        tx,
      );
    });
    return toReport((await this.repo.find(id))!);
  }
}
