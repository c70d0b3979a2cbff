import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { expiredVersionsByLibraryDatasetId, unrestrictedByDatasetId } from '../../services/libraries';
import { encoded } from '../shared/encoded-id';
import { LibraryDatasetVersionType, PathEntryType } from './library.types';

/** Relations of a library dataset version, batched per request (a folder's datasets in one query each). */
@Resolver(() => LibraryDatasetVersionType)
export class LibraryDatasetVersionResolver {
  @FieldResolver(() => [PathEntryType], { description: 'Expired versions of its library dataset (id, name), newest first.' })
  async expiredVersions(@Root() version: LibraryDatasetVersionType, @Ctx() ctx: RequestContext): Promise<PathEntryType[]> {
    const expired = await ctx.loaders.get(expiredVersionsByLibraryDatasetId).load(version.libraryDatasetKey);
    return expired.map((entry) => ({ id: encoded(ctx, entry.id), name: entry.name }));
  }

  @FieldResolver(() => Boolean, { description: 'No access role restricts the dataset.' })
  isUnrestricted(@Root() version: LibraryDatasetVersionType, @Ctx() ctx: RequestContext): Promise<boolean> {
    return ctx.loaders.get(unrestrictedByDatasetId).load(version.datasetKey);
  }
}
