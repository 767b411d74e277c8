/**
 * The audit trail (decision 207): every staff action and staff sign-in, written by the
 * acting service inside its own transaction (pass `tx`), read newest first by staff.
 */
import type { AuditAction, AuditEntry, Paged } from '@marktgasse/shared';
import { nextOffset } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AuditRepo } from './repo.ts';

export interface AuditRecord {
  staffId: number;
  /** One of the shared list, so the back office has a name for it. */
  action: AuditAction;
  objectType: string;
  objectId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string;
  address?: string;
}

/** Who acted and from where, for a service that writes its own audit entry. */
export interface StaffAct {
  staffId: number;
  address: string;
}

export interface AuditQuery {
  offset: number;
  limit: number;
  action?: string | undefined;
  staff?: number | undefined;
  object?: string | undefined;
}

export class AuditService {
  private readonly repo: AuditRepo;

  /** Any holder of the database will do: the app context, or a service's own `{ database: { db } }`. */
  constructor(ctx: { database: Pick<AppContext['database'], 'db'> }) {
    this.repo = new AuditRepo(ctx.database.db);
  }

  async record(entry: AuditRecord, tx?: DbOrTx): Promise<void> {
    await this.repo.append(
      {
        staffId: entry.staffId,
        action: entry.action,
        objectType: entry.objectType,
        objectId: String(entry.objectId),
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? '',
        address: entry.address ?? '',
      },
      tx,
    );
  }

  async list(query: AuditQuery): Promise<Paged<AuditEntry>> {
    const [objectType, objectId] = query.object?.includes(':') ? query.object.split(':', 2) : [query.object];
    const { rows, count } = await this.repo.page(
      { action: query.action, staffId: query.staff, objectType, objectId },
      query.offset,
      query.limit,
    );
    return {
      count,
      next: nextOffset(query.offset, query.limit, count),
      results: rows.map(({ entry, staff }) => ({
        id: entry.id,
        action: entry.action,
        staff,
        staff_id: entry.staffId,
        object: `${entry.objectType}:${entry.objectId}`,
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
        address: entry.address,
        at: entry.at.toISOString(),
      })),
    };
  }
}
