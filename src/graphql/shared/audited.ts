import { type MiddlewareFn, UseMiddleware } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type AuditTarget, recordAdminAction } from '../../services/audit-log';

type Args = Record<string, unknown>;

/** What an audited operation was done to: from its arguments and, when they do not say, its result. */
export type TargetOf = (args: Args, result: unknown) => AuditTarget | null;

/**
 * Puts an administrator's successful call of this mutation on the audit log
 * (src/services/audit-log): the action, its target, the arguments (secrets left out), the caller and
 * the client's address. Every door reaches the graph (REST through the shim, `/graphql` over HTTP and
 * WebSocket), so each is recorded the same way. A call that fails is not an action and is not
 * recorded; a caller who is not an administrator acting on their own things is not recorded either.
 */
export function Audited(action: string, targetOf?: TargetOf): MethodDecorator {
  const record: MiddlewareFn<RequestContext> = async ({ context, args }, next) => {
    const result: unknown = await next();
    if (context.caller.isAdmin) {
      // The change is committed by now: a log that cannot be written is an error in the server's log,
      // never a failure answered for a change that was made.
      try {
        await recordAdminAction(context, { action, target: targetOf?.(args as Args, result) ?? null, details: args as Args });
      } catch (error) {
        context.log.error({ err: error, action }, 'the audit log could not record an administrative action');
      }
    }
    return result;
  };
  return (target, key, descriptor) => UseMiddleware(record)(target, key, descriptor);
}

/** The target named by an id argument (`userId`, `id`, …), labelled by the result's `name` or `email` when it has one. */
export function targetById(type: string, argument: string): TargetOf {
  return (args, result) => {
    const value = args[argument];
    const labelled = result && typeof result === 'object' ? (result as { name?: unknown; email?: unknown }) : {};
    const label = typeof labelled.email === 'string' ? labelled.email : typeof labelled.name === 'string' ? labelled.name : null;
    return { type, id: value === undefined || value === null ? null : String(value), label };
  };
}

/** The target is the object the mutation returned (a created user, role, group, quota): its encoded id is read by the resolver's `id` later, so the label names it. */
export function targetCreated(type: string): TargetOf {
  return (_args, result) => {
    const made = result && typeof result === 'object' ? (result as { name?: unknown; email?: unknown }) : {};
    const label = typeof made.email === 'string' ? made.email : typeof made.name === 'string' ? made.name : null;
    return { type, id: null, label };
  };
}
