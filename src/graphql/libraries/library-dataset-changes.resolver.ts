import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';
import { storeUpload } from '../../services/tools';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { LibraryArchiveType, LibraryDatasetStatusType, LibraryDatasetUpdateInput } from './library-dataset-changes.types';
import { detailNode, versionNode } from './library-nodes';
import { LibraryDatasetDetailType } from './library.types';

@Resolver()
export class LibraryDatasetChangesResolver {
  @Mutation(() => LibraryDatasetDetailType, { description: 'Changes name, info, genome build or type; a file makes a new current version (the old one expires).' })
  @Access('permission')
  async updateLibraryDataset(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => LibraryDatasetUpdateInput) input: LibraryDatasetUpdateInput): Promise<LibraryDatasetDetailType> {
    const file = input.file ? await storeUpload(input.file, ctx.services.layout.uploadStore, ctx.services.config.maxUploadBytes) : null;
    const detail = await ctx.services.libraryDatasetChanges.update(ctx, id, { name: input.name, miscInfo: input.miscInfo, genomeBuild: input.genomeBuild, fileExt: input.fileExt }, file);
    return detailNode(ctx, detail);
  }

  @Mutation(() => LibraryDatasetStatusType, { description: 'Deletes or undeletes a library dataset (modify permission); purge: administrators.' })
  @Access('permission')
  async deleteLibraryDataset(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('undelete', () => Boolean, { nullable: true }) undelete?: boolean,
    @Arg('purge', () => Boolean, { nullable: true }) purge?: boolean,
  ): Promise<LibraryDatasetStatusType> {
    const ld = await ctx.services.libraryDatasetChanges.delete(ctx, id, undelete ?? false, purge ?? false);
    const current = ld.ldda as LibraryDatasetDatasetAssociation;
    return { id: encoded(ctx, ld.id), name: ld.name, deleted: ld.deleted, purged: ld.purged, updateTime: ld.updateTime, current: versionNode(ctx, current, ld.folder.id, ld.folder.library.id) };
  }

  @Query(() => LibraryArchiveType, { description: 'The files of a download of library datasets (all must be accessible).' })
  @Access('anonymous')
  libraryDatasetArchive(@Ctx() ctx: RequestContext, @Arg('ids', () => [ID]) ids: string[], @Arg('format', () => String) format: string): Promise<LibraryArchiveType> {
    return ctx.services.libraryDatasetChanges.archive(ctx, ids, format);
  }
}
