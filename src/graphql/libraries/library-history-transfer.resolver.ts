import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { errors } from '../../errors/error-kinds';
import { Access } from '../shared/access';

@InputType('LibraryItemsSelection', { description: 'Library datasets and folders chosen in a folder.' })
export class LibraryItemsSelectionInput {
  @Field(() => [ID], { nullable: true, description: 'Library datasets.' })
  datasetIds?: string[];

  @Field(() => [ID], { nullable: true, description: "Folders ('F' ids): their active datasets, subfolders' included." })
  folderIds?: string[];
}

@ObjectType('LibraryImportOutcome', { description: 'What an import of library items into a history made.' })
export class LibraryImportOutcomeType {
  @Field(() => ID)
  historyId!: string;

  @Field(() => String)
  historyName!: string;

  @Field(() => Int, { description: 'History datasets made.' })
  imported!: number;

  @Field(() => Int, { description: 'Datasets chosen (or inside a chosen folder) the caller may not access: left out.' })
  skipped!: number;
}

/** Library items into a history and history datasets into a folder, many at once (the web UI's selections). */
@Resolver()
export class LibraryHistoryTransferResolver {
  @Mutation(() => LibraryImportOutcomeType, {
    description:
      "Imports chosen library datasets and folders (recursively) into one of the caller's histories (historyId) or a new one (newHistoryName), in one request; datasets the caller may not access are left out and counted.",
  })
  @Access('user')
  async importLibraryItemsIntoHistory(
    @Ctx() ctx: RequestContext,
    @Arg('items', () => LibraryItemsSelectionInput) items: LibraryItemsSelectionInput,
    @Arg('historyId', () => ID, { nullable: true }) historyId?: string,
    @Arg('newHistoryName', () => String, { nullable: true }) newHistoryName?: string,
  ): Promise<LibraryImportOutcomeType> {
    if ((historyId ? 1 : 0) + (newHistoryName !== undefined && newHistoryName !== null ? 1 : 0) !== 1) {
      throw errors.invalid('Give either historyId or newHistoryName.');
    }
    const target = historyId ? { historyId } : { newHistoryName: newHistoryName ?? '' };
    const outcome = await ctx.services.libraryHistoryTransfers.importIntoHistory(ctx, { folderIds: items.folderIds ?? [], datasetIds: items.datasetIds ?? [] }, target);
    return { historyId: ctx.services.ids.encode(outcome.history.id), historyName: outcome.history.name, imported: outcome.imported, skipped: outcome.skipped };
  }

  @Mutation(() => Int, {
    description: 'Adds history datasets the caller may read to a library folder they may add to (new library datasets sharing the files); answers how many.',
  })
  @Access('permission')
  addHistoryDatasetsToFolder(@Ctx() ctx: RequestContext, @Arg('folderId', () => ID) folderId: string, @Arg('hdaIds', () => [ID]) hdaIds: string[]): Promise<number> {
    return ctx.services.libraryHistoryTransfers.addFromHistory(ctx, folderId, hdaIds);
  }
}
