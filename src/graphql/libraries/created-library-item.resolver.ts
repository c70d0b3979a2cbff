import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { versionNode } from './library-nodes';
import { CreatedLibraryItemType, LibraryDatasetVersionType } from './library.types';

@Resolver(() => CreatedLibraryItemType)
export class CreatedLibraryItemResolver {
  /**
   * The new library dataset's current version, read when asked for: the platform answers a copy
   * from a history dataset (`from_hda_id`) with that version's dictionary.
   */
  @FieldResolver(() => LibraryDatasetVersionType, { nullable: true, description: "A created library dataset's current version (null for folders and collections)." })
  async version(@Root() item: CreatedLibraryItemType, @Ctx() ctx: RequestContext): Promise<LibraryDatasetVersionType | null> {
    if (item.type !== 'file') return null;
    const detail = await ctx.services.libraryDatasets.detail(ctx, item.id);
    return versionNode(ctx, detail.ldda, detail.dataset.folder.id, detail.dataset.folder.library.id);
  }
}
