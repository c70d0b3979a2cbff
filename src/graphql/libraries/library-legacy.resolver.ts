import { Arg, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { Library } from '../../entities/library.entity';
import { deleteLibraryContent, type LibraryContentDeletion, showDeletedLibrary, showLdda } from '../../services/libraries';
import { Access } from '../shared/access';
import { versionNode } from './library-nodes';
import { LibraryDatasetVersionType, LibraryType } from './library.types';

@ObjectType('LibraryContentDeletion', { description: 'What deleting a library dataset through its library contents did.' })
export class LibraryContentDeletionType {
  @Field(() => ID) id!: string;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => Boolean) purged!: boolean;
}

/** The library operations older clients call by the platform's other spellings. */
@Resolver()
export class LibraryLegacyResolver {
  @Query(() => LibraryType, { description: 'A deleted library (GET /api/libraries/deleted/{id}); a live one is not found.' })
  @Access('anonymous')
  deletedLibrary(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Library> {
    return showDeletedLibrary(ctx, id);
  }

  @Mutation(() => LibraryContentDeletionType, { description: 'Deletes (purge: administrators also purges) a library dataset of the library.' })
  @Access('permission')
  deleteLibraryContent(
    @Ctx() ctx: RequestContext,
    @Arg('libraryId', () => ID) libraryId: string,
    @Arg('id', () => ID) id: string,
    @Arg('purge', () => Boolean, { nullable: true }) purge?: boolean,
  ): Promise<LibraryContentDeletion> {
    return deleteLibraryContent(ctx, libraryId, id, purge ?? false);
  }

  @Query(() => LibraryDatasetVersionType, { description: 'A library dataset version by its own id (GET /api/datasets/{id}?hda_ldda=ldda).' })
  @Access('anonymous')
  async ldda(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<LibraryDatasetVersionType> {
    const found = await showLdda(ctx, id);
    return versionNode(ctx, found.ldda, found.folderId, found.libraryId);
  }
}
