import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type AuditEntryView, auditLogPage, MAX_AUDIT_PAGE } from '../../services/audit-log';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { AdminAuditConnection, AdminAuditEntryType } from './audit-log.types';

@Resolver(() => AdminAuditEntryType)
export class AdminAuditLogResolver {
  @Query(() => AdminAuditConnection, { description: 'The audit log of administrative actions, newest first (administrators only; cursor pagination).' })
  @Access('admin')
  async adminAuditLog(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { defaultValue: 50, description: `At most ${MAX_AUDIT_PAGE}.` }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('action', () => String, { nullable: true, description: 'An action, or its area (`user` keeps every `user.*`).' }) action?: string,
    @Arg('actor', () => String, { nullable: true, description: "A fragment of the actor's email." }) actor?: string,
    @Arg('target', () => String, { nullable: true, description: "A fragment of the target's label, or its id." }) target?: string,
    @Arg('since', () => String, { nullable: true, description: 'First time (or day) included.' }) since?: string,
    @Arg('until', () => String, { nullable: true, description: 'Last time (or day) included.' }) until?: string,
  ): Promise<AdminAuditConnection> {
    const page = await auditLogPage(ctx, { action, actor, target, since, until }, first, after);
    const edges = page.items.map(({ entry, cursor }) => ({ cursor, node: entry }));
    return { edges, pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : (after ?? null) } };
  }

  @FieldResolver(() => ID)
  id(@Root() entry: AuditEntryView): string {
    return String(entry.id);
  }

  @FieldResolver(() => ID, { nullable: true, description: "The actor's encoded user id; null for the master API key. Kept when the user is deleted." })
  actorId(@Root() entry: AuditEntryView, @Ctx() ctx: RequestContext): string | null {
    return entry.actorId === null ? null : encoded(ctx, entry.actorId);
  }
}
