import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { Group } from '../../entities/group.entity';
import type { Quota } from '../../entities/quota.entity';
import type { User } from '../../entities/user.entity';
import { displayAmount } from '../../services/quotas';
import { defaultTypesByQuotaId, groupsByQuotaId, usersByQuotaId } from '../../services/shared';
import { assertCanViewMemberships } from '../../services/shared';
import { GroupType } from '../groups/group.type';
import { Access } from '../shared/access';
import { Audited, targetById } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { UserType } from '../users/user.type';
import { QuotaCreationType, QuotaInput, QuotaType } from './quota.type';

@Resolver(() => QuotaType)
export class QuotaResolver {
  @Query(() => [QuotaType])
  @Access('admin')
  quotas(@Ctx() ctx: RequestContext, @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean): Promise<Quota[]> {
    return ctx.services.quotas.list(ctx, deleted ?? false);
  }

  @Query(() => QuotaType)
  @Access('admin')
  quota(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean): Promise<Quota> {
    return ctx.services.quotas.show(ctx, id, deleted ?? false);
  }

  @Mutation(() => QuotaCreationType)
  @Access('admin')
  @Audited('quota.create')
  createQuota(@Ctx() ctx: RequestContext, @Arg('input', () => QuotaInput) input: QuotaInput): Promise<{ quota: Quota; message: string }> {
    return ctx.services.quotas.create(ctx, input);
  }

  @Mutation(() => String, { description: "Applies the given changes in order; returns their messages joined by '; '." })
  @Access('admin')
  @Audited('quota.update', targetById('quota', 'id'))
  updateQuota(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => QuotaInput) input: QuotaInput,
    @Arg('replaceMembers', () => Boolean, { nullable: true, description: 'The member lists replace the members even when empty.' }) replaceMembers?: boolean,
  ): Promise<string> {
    return ctx.services.quotas.update(ctx, id, input, replaceMembers ?? false);
  }

  @Mutation(() => String)
  @Access('admin')
  @Audited('quota.delete', targetById('quota', 'id'))
  deleteQuota(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('purge', () => Boolean, { nullable: true }) purge?: boolean): Promise<string> {
    return ctx.services.quotas.delete(ctx, id, purge ?? false);
  }

  @Mutation(() => String)
  @Access('admin')
  @Audited('quota.undelete', targetById('quota', 'id'))
  undeleteQuota(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<string> {
    return ctx.services.quotas.undelete(ctx, id);
  }

  @FieldResolver(() => ID)
  id(@Root() quota: Quota, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, quota.id);
  }

  @FieldResolver(() => String, { description: "'unlimited' or a human-readable size." })
  displayAmount(@Root() quota: Quota): string {
    return displayAmount(quota.bytes);
  }

  @FieldResolver(() => [String], { description: 'The user kinds this quota is the default for.' })
  defaultFor(@Root() quota: Quota, @Ctx() ctx: RequestContext): Promise<string[]> {
    return ctx.loaders.get(defaultTypesByQuotaId).load(quota.id);
  }

  @FieldResolver(() => [UserType])
  users(@Root() quota: Quota, @Ctx() ctx: RequestContext): Promise<User[]> {
    assertCanViewMemberships(ctx);
    return ctx.loaders.get(usersByQuotaId).load(quota.id);
  }

  @FieldResolver(() => [GroupType])
  groups(@Root() quota: Quota, @Ctx() ctx: RequestContext): Promise<Group[]> {
    assertCanViewMemberships(ctx);
    return ctx.loaders.get(groupsByQuotaId).load(quota.id);
  }
}
