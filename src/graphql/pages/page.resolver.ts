import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { PageRevisionView, PageView } from '../../services/pages';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { PageInputType, PageRevisionInputType, PageRevisionType, PageType } from './page.type';

@Resolver(() => PageType)
export class PageResolver {
  @Query(() => [PageType], { description: 'Administrators: all pages; others: their own and published pages of other users.' })
  @Access('user')
  pages(@Ctx() ctx: RequestContext, @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean): Promise<PageView[]> {
    return ctx.services.pages.list(ctx, deleted ?? false);
  }

  @Query(() => PageType, { description: 'A page with its latest content: published or link-accessible ones for anyone (visitors too), others by the sharing rules.' })
  @Access('anonymous')
  page(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<PageView> {
    return ctx.services.pages.show(ctx, id);
  }

  @Query(() => [PageRevisionType])
  @Access('owner')
  pageRevisions(@Ctx() ctx: RequestContext, @Arg('pageId', () => ID) pageId: string): Promise<PageRevisionView[]> {
    return ctx.services.pages.revisions(ctx, pageId);
  }

  @Mutation(() => PageType)
  @Access('user')
  createPage(@Ctx() ctx: RequestContext, @Arg('input', () => PageInputType) input: PageInputType): Promise<PageView> {
    return ctx.services.pages.create(ctx, input);
  }

  @Mutation(() => String, { description: 'Marks the page deleted; answers an empty string.' })
  @Access('owner')
  deletePage(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<string> {
    return ctx.services.pages.delete(ctx, id);
  }

  @Mutation(() => PageRevisionType)
  @Access('owner')
  createPageRevision(
    @Ctx() ctx: RequestContext,
    @Arg('pageId', () => ID) pageId: string,
    @Arg('input', () => PageRevisionInputType) input: PageRevisionInputType,
  ): Promise<PageRevisionView> {
    return ctx.services.pages.createRevision(ctx, pageId, input);
  }

  @FieldResolver(() => ID)
  id(@Root() page: PageView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, page.id);
  }

  @FieldResolver(() => ID, { nullable: true })
  latestRevisionId(@Root() page: PageView, @Ctx() ctx: RequestContext): string | null {
    return page.latestRevisionId === null ? null : encoded(ctx, page.latestRevisionId);
  }

  @FieldResolver(() => [ID], { description: 'Oldest first; read with the page (no further query).' })
  revisionIds(@Root() page: PageView, @Ctx() ctx: RequestContext): string[] {
    return page.revisionIds.map((id) => encoded(ctx, id));
  }
}

@Resolver(() => PageRevisionType)
export class PageRevisionResolver {
  @FieldResolver(() => ID)
  id(@Root() revision: PageRevisionView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, revision.id);
  }

  @FieldResolver(() => ID)
  pageId(@Root() revision: PageRevisionView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, revision.pageId);
  }

  @FieldResolver(() => Int, { description: 'The unencoded id (the platform shows it raw when a revision is created).' })
  rawId(@Root() revision: PageRevisionView): number {
    return revision.id;
  }

  @FieldResolver(() => Int, { description: 'The unencoded page id (as rawId).' })
  rawPageId(@Root() revision: PageRevisionView): number {
    return revision.pageId;
  }
}
