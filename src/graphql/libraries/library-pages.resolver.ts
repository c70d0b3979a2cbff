import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Int, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { folderContentsPage } from '../../services/libraries';
import { libraryContentsPage } from '../../services/libraries';
import { Access } from '../shared/access';
import { selectedFields } from '../shared/lookahead';
import { folderItemNode, libraryEntryNode } from './library-nodes';
import { FolderContentConnection, LibraryContentConnection } from './library-pages.types';

/** Library listings page by page (cursor pagination: `first` items `after` a cursor, at the same cost wherever the page is). */
@Resolver()
export class LibraryPagesResolver {
  @Query(() => FolderContentConnection, {
    description: "A page of a folder's first level for the caller (subfolders, then datasets, each by name and id), as GET /api/folders/{id}/contents lists it.",
  })
  @Access('anonymous')
  async folderContentsPage(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('id', () => ID) id: string,
    @Arg('first', () => Int, { defaultValue: 100, description: 'At most 1000.' }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('includeDeleted', () => Boolean, { nullable: true }) includeDeleted?: boolean,
  ): Promise<FolderContentConnection> {
    const page = await folderContentsPage(ctx, id, includeDeleted ?? false, first, after);
    const edges = page.items.map(({ item, cursor }) => ({ cursor, node: folderItemNode(ctx, item) }));
    return {
      edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : (after ?? null) },
      totalCount: selectedFields(info).has('totalCount') ? await page.totalCount() : 0,
    };
  }

  @Query(() => LibraryContentConnection, {
    description: "A page of a library's recursive listing for the caller ('/', then each folder before what it holds, by name), as GET /api/libraries/{id}/contents lists it.",
  })
  @Access('user')
  async libraryContentsPage(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('libraryId', () => ID) libraryId: string,
    @Arg('first', () => Int, { defaultValue: 100, description: 'At most 1000.' }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<LibraryContentConnection> {
    const page = await libraryContentsPage(ctx, libraryId, first, after);
    const edges = page.items.map(({ item, cursor }) => ({ cursor, node: libraryEntryNode(ctx, item) }));
    return {
      edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : (after ?? null) },
      totalCount: selectedFields(info).has('totalCount') ? await page.totalCount() : 0,
    };
  }
}
