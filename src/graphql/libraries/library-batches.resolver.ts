import { Arg, Ctx, ID, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type FolderContentsBatch as FolderBatch, folderContentsInBatches } from '../../services/libraries';
import { Access } from '../shared/access';
import { folderHeaderNode, folderItemNode, libraryEntryNode } from './library-nodes';
import type { LibraryContentEntry } from '../../services/libraries';
import { FolderContentsBatch, LibraryContentsBatch } from './library-pages.types';

interface FolderBatchArgs {
  id: string;
  includeDeleted?: boolean | null;
}

/** Library listings in batches as they are read: big listings that stream (the REST listings run them in-process). */
@Resolver()
export class LibraryBatchesResolver {
  @Subscription(() => FolderContentsBatch, {
    description:
      "A folder's first level (as `folderContents`) in batches as it is read, then the end; the first batch carries the header. Over HTTP the REST listing runs it; over graphql-ws any client may.",
    subscribe: ({ args, context }) => folderContentsInBatches(context as RequestContext, (args as FolderBatchArgs).id, (args as FolderBatchArgs).includeDeleted ?? false),
  })
  @Access('anonymous')
  folderContentsBatches(
    @Root() batch: FolderBatch,
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) _id: string,
    @Arg('includeDeleted', () => Boolean, { nullable: true }) _includeDeleted?: boolean,
  ): FolderContentsBatch {
    return { header: batch.header ? folderHeaderNode(ctx, batch.header) : null, items: batch.items.map((item) => folderItemNode(ctx, item)) };
  }

  @Subscription(() => LibraryContentsBatch, {
    description:
      "Everything the caller may see in a library, from '/' down (as `libraryContents`), in batches as it is read, then the end. Over HTTP the REST listing runs it; over graphql-ws any client may.",
    subscribe: ({ args, context }) => (context as RequestContext).services.libraryContents.inBatches(context as RequestContext, (args as { libraryId: string }).libraryId),
  })
  @Access('user')
  libraryContentsBatches(@Root() batch: LibraryContentEntry[], @Ctx() ctx: RequestContext, @Arg('libraryId', () => ID) _libraryId: string): LibraryContentsBatch {
    return { items: batch.map((entry) => libraryEntryNode(ctx, entry)) };
  }
}
