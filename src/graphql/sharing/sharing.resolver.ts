import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { SharingStatus } from '../../services/sharing';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { ShareableKindEnum } from './shareable-kind.enum';
import { ShareResultType, SharingStatusType } from './sharing-status.type';

function statusNode(ctx: RequestContext, status: SharingStatus): SharingStatusType {
  return {
    kind: status.kind,
    id: encoded(ctx, status.id),
    title: status.title,
    importable: status.importable,
    published: status.published,
    usersSharedWith: status.usersSharedWith.map((user) => ({ id: encoded(ctx, user.id), email: user.email })),
    usernameAndSlug: status.usernameAndSlug,
  };
}

/** The sharing model of every shareable kind (owner or administrator; the service decides). */
@Resolver()
export class SharingResolver {
  @Query(() => SharingStatusType, { description: "An item's sharing status (owner or administrator)." })
  @Access('owner')
  async sharingStatus(@Ctx() ctx: RequestContext, @Arg('kind', () => ShareableKindEnum) kind: string, @Arg('id', () => ID) id: string): Promise<SharingStatusType> {
    return statusNode(ctx, await ctx.services.sharing.status(ctx, kind, id));
  }

  @Mutation(() => SharingStatusType, { description: 'enable_link_access, disable_link_access, publish or unpublish (publishing implies link access).' })
  @Access('owner')
  async setSharingAccess(
    @Ctx() ctx: RequestContext,
    @Arg('kind', () => ShareableKindEnum) kind: string,
    @Arg('id', () => ID) id: string,
    @Arg('action', () => String) action: string,
  ): Promise<SharingStatusType> {
    return statusNode(ctx, await ctx.services.sharing.setAccess(ctx, kind, id, action));
  }

  @Mutation(() => ShareResultType, { description: 'Shares with exactly these users (encoded ids or emails); the others are unshared.' })
  @Access('owner')
  async shareWithUsers(
    @Ctx() ctx: RequestContext,
    @Arg('kind', () => ShareableKindEnum) kind: string,
    @Arg('id', () => ID) id: string,
    @Arg('users', () => [String]) users: string[],
  ): Promise<ShareResultType> {
    const result = await ctx.services.sharing.shareWithUsers(ctx, kind, id, users);
    return { sharingStatus: statusNode(ctx, result.status), errors: result.errors };
  }
}
