import type { ServiceContext } from '../../context/service-context';
import { StatementShapes } from '../../db/sql/sql-statement';
import { checkPageSize, NEWEST, parseDateBound, timeCursorOf, timePositionOf } from '../shared';

/** At most this many entries in one page. */
export const MAX_AUDIT_PAGE = 500;

export interface AuditEntryView {
  id: number;
  createTime: string;
  actorId: number | null;
  actorEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
  clientAddress: string | null;
}

/** The audit log's filters; they combine with AND. */
export interface AuditLogFilter {
  /** An action, or its area (`user` keeps `user.create`, `user.reset_password`, …). */
  action?: string | null;
  /** A fragment of the actor's email. */
  actor?: string | null;
  /** A fragment of the target's label or its id. */
  target?: string | null;
  since?: string | null;
  until?: string | null;
}

export interface AuditLogPage {
  items: Array<{ entry: AuditEntryView; cursor: string }>;
  hasNextPage: boolean;
}

const FILTERS = ['action', 'actor', 'target', 'since', 'until'] as const;
type Shape = Record<(typeof FILTERS)[number], boolean>;

function whereOf(shape: Shape): string {
  let n = 3;
  const param = () => `$${(n += 1)}`;
  const clauses: string[] = [];
  if (shape.action) {
    const p = param();
    clauses.push(`and (a.action = ${p} or a.action like ${p} || '.%')`);
  }
  if (shape.actor) clauses.push(`and a.actor_email ilike '%' || ${param()} || '%'`);
  if (shape.target) {
    const p = param();
    clauses.push(`and (a.target_label ilike '%' || ${p} || '%' or a.target_id = ${p})`);
  }
  if (shape.since) clauses.push(`and a.create_time >= ${param()}::timestamptz`);
  if (shape.until) clauses.push(`and a.create_time < ${param()}::timestamptz`);
  return clauses.join(' ');
}

const PAGE = new StatementShapes<Shape, AuditEntryView & { time: string }>(
  'admin_audit_page',
  (shape) => `select a.id, a.create_time::text as time, to_char(a.create_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "createTime",
      a.actor_id as "actorId", a.actor_email as "actorEmail", a.action, a.target_type as "targetType", a.target_id as "targetId",
      a.target_label as "targetLabel", a.details, a.client_address as "clientAddress"
    from admin_audit_entry a
    where (a.create_time, a.id) < ($1::timestamptz, $2::int) ${whereOf(shape)}
    order by a.create_time desc, a.id desc limit $3`,
  (shape) => FILTERS.map((f) => (shape[f] ? 1 : 0)).join(''),
);

/** Escapes `%`, `_` and `\` so a fragment is matched as typed. */
function literal(fragment: string): string {
  return fragment.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A page of the audit log, newest first (administrators only): one statement, keyset-paged, the
 * same cost wherever the page is.
 */
export async function auditLogPage(ctx: ServiceContext, filter: AuditLogFilter, first: number, after: string | null | undefined): Promise<AuditLogPage> {
  ctx.caller.requireAdmin();
  checkPageSize(first, MAX_AUDIT_PAGE);
  const from = after ? timePositionOf(after) : NEWEST;
  const values: Record<(typeof FILTERS)[number], unknown> = {
    action: filter.action?.trim() ? filter.action.trim() : null,
    actor: filter.actor?.trim() ? literal(filter.actor.trim()) : null,
    target: filter.target?.trim() ? filter.target.trim() : null,
    since: filter.since ? parseDateBound(filter.since, 'min') : null,
    until: filter.until ? parseDateBound(filter.until, 'max') : null,
  };
  const shape = Object.fromEntries(FILTERS.map((f) => [f, values[f] !== null])) as Shape;
  const params = FILTERS.filter((f) => shape[f]).map((f) => values[f]);
  const rows = first === 0 ? [] : await ctx.rows(PAGE.for(shape), [from.time, from.id, first + 1, ...params]);
  const items = rows.slice(0, first).map(({ time, ...entry }) => ({ entry, cursor: timeCursorOf({ time, id: entry.id }) }));
  return { items, hasNextPage: rows.length > first };
}
