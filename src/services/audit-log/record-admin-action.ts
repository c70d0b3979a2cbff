import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';

/** What an administrative action was done to. */
export interface AuditTarget {
  /** `user`, `role`, `group`, `quota`, `job`, `library`, `repository`, … */
  type: string;
  /** The id as the client named it (encoded ids stay encoded). */
  id?: string | null;
  /** A name a person recognises (an email, a role's name), when known. */
  label?: string | null;
}

export interface AdminAction {
  /** `<area>.<verb>`, e.g. `user.reset_password`, `job.lock`. */
  action: string;
  target?: AuditTarget | null;
  /** The arguments given, secrets left out (see withoutSecrets). */
  details?: Record<string, unknown>;
}

/** Keys whose values never reach the log (passwords, keys, tokens). */
const SECRET_KEY = /pass(word)?|secret|token|api_?key|^key$/i;

/** The arguments as they may be kept: secrets replaced by `[hidden]`, long texts cut, at any depth. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => withoutSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      kept[key] = SECRET_KEY.test(key) ? '[hidden]' : withoutSecrets(item, depth + 1);
    }
    return kept;
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

const INSERT = sql<{ id: number }>(
  'admin_audit_insert',
  `insert into admin_audit_entry (actor_id, actor_email, action, target_type, target_id, target_label, details, client_address)
   values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) returning id`,
);

/** Who the log names as the actor: the user (their email then), or the operator's master key. */
function actorOf(ctx: ServiceContext): { id: number | null; email: string } {
  const user = ctx.caller.user;
  if (user) return { id: user.id, email: user.email };
  return { id: null, email: ctx.caller.isMaster ? 'master API key' : 'anonymous' };
}

/**
 * Puts one administrative action on record: who, what, on what, when (the database's clock), from
 * which address (on the request's transaction when one is still open).
 */
export async function recordAdminAction(ctx: ServiceContext, entry: AdminAction): Promise<void> {
  const actor = actorOf(ctx);
  await ctx.rows(INSERT, [
    actor.id,
    actor.email,
    entry.action,
    entry.target?.type ?? null,
    entry.target?.id ?? null,
    entry.target?.label ?? null,
    JSON.stringify(withoutSecrets(entry.details ?? {})),
    ctx.clientAddress,
  ]);
}
