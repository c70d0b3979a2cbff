import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { HistoryView } from '../../services/histories/history-view';
import type { SharingStatus } from '../../services/sharing/history-sharing.service';
import { userById } from '../../services/users/user.loaders';
import { historyParts } from '../histories/history.resolver';
import { HistoryType } from '../histories/history.type';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { ShareResultType, SharingStatusType } from './sharing-status.type';

async function statusNode(ctx: RequestContext, status: SharingStatus): Promise<SharingStatusType> {
  const owner = status.ownerId === null ? null : await ctx.loaders.get(userById).load(status.ownerId);
  return {
    id: encoded(ctx, status.id),
    title: status.title,
    importable: status.importable,
    published: status.published,
    usersSharedWith: status.usersSharedWith.map((user) => ({ id: encoded(ctx, user.id), email: user.email })),
    usernameAndSlug: owner?.username && status.slug ? `u/${owner.username}/h/${status.slug}` : null,
  };
}

@Resolver()
export class HistorySharingResolver {
  @Query(() => SharingStatusType, { description: "A history's sharing status (owner or administrator)." })
  @Access('owner')
  async historySharing(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<SharingStatusType> {
    return statusNode(ctx, await ctx.services.historySharing.status(ctx, id));
  }

  @Mutation(() => SharingStatusType, { description: 'enable_link_access, disable_link_access, publish or unpublish.' })
  @Access('owner')
  async setHistoryAccess(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('action', () => String) action: string): Promise<SharingStatusType> {
    return statusNode(ctx, await ctx.services.historySharing.setAccess(ctx, id, action));
  }

  @Mutation(() => ShareResultType, { description: 'Shares with exactly these users (encoded ids or emails).' })
  @Access('owner')
  async shareHistoryWithUsers(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('users', () => [String]) users: string[]): Promise<ShareResultType> {
    const result = await ctx.services.historySharing.shareWithUsers(ctx, id, users);
    return { sharingStatus: await statusNode(ctx, result.status), errors: result.errors };
  }

  @Query(() => [HistoryType], { description: 'Histories other users shared with the caller.' })
  @Access('user')
  historiesSharedWithMe(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HistoryView[]> {
    return ctx.services.historySharing.sharedWithMe(ctx, historyParts(info));
  }

  @Query(() => [HistoryType], { description: 'Published histories of every user.' })
  @Access('anonymous')
  publishedHistories(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo): Promise<HistoryView[]> {
    return ctx.services.historySharing.published(ctx, historyParts(info));
  }
}
