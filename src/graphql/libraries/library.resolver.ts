import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import type { Library } from '../../entities/library.entity';
import { encodeFolderId } from '../../services/libraries';
import { folderById } from '../../services/libraries';
import { Access } from '../shared/access';
import { Audited, targetById, targetCreated } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { collectionNode, detailNode, libraryEntryNode } from './library-nodes';
import {
  CreatedLibraryItemType,
  ImplicitConversionType,
  LibraryContentEntryType,
  LibraryContentInput,
  LibraryContentItemType,
  LibraryFolderType,
  LibraryInput,
  LibraryPermissionsType,
  LibraryType,
  PermissionRolesInput,
  RolePageArgs,
} from './library.types';

@Resolver(() => LibraryType)
export class LibraryResolver {
  @Query(() => [LibraryType], { description: 'Libraries the caller may access (deleted: null lists both, administrators only).' })
  @Access('anonymous')
  libraries(@Ctx() ctx: RequestContext, @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean | null): Promise<Library[]> {
    // Omitted: live libraries; an explicit null: both (the REST shim's reading of an absent `deleted`).
    return ctx.services.libraries.list(ctx, deleted === undefined ? false : deleted);
  }

  @Query(() => LibraryType)
  @Access('anonymous')
  library(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<Library> {
    return ctx.services.libraries.findAccessible(ctx, id);
  }

  @Query(() => [LibraryContentEntryType], { description: "Everything the caller may see in a library, from '/' down (one listing)." })
  @Access('user')
  async libraryContents(@Ctx() ctx: RequestContext, @Arg('libraryId', () => ID) libraryId: string): Promise<LibraryContentEntryType[]> {
    const entries = await ctx.services.libraryContents.list(ctx, libraryId);
    return entries.map((entry) => libraryEntryNode(ctx, entry));
  }

  @Query(() => LibraryContentItemType, { description: "A folder ('F' id) or a library dataset of the library." })
  @Access('user')
  async libraryContent(@Ctx() ctx: RequestContext, @Arg('libraryId', () => ID) libraryId: string, @Arg('id', () => ID) id: string): Promise<LibraryContentItemType> {
    const item = await ctx.services.libraryContents.show(ctx, libraryId, id);
    return { folder: item.folder, dataset: item.dataset ? detailNode(ctx, item.dataset) : null };
  }

  @Query(() => LibraryPermissionsType)
  @Access('permission')
  libraryPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Args(() => RolePageArgs) paging: RolePageArgs,
  ) {
    return ctx.services.libraryPermissions.show(ctx, id, paging.scope ?? null, paging.page ?? 1, paging.pageLimit ?? 10, paging.q ?? null);
  }

  @Mutation(() => LibraryType)
  @Access('admin')
  @Audited('library.create', targetCreated('library'))
  createLibrary(@Ctx() ctx: RequestContext, @Arg('input', () => LibraryInput) input: LibraryInput): Promise<Library> {
    return ctx.services.libraries.create(ctx, input);
  }

  @Mutation(() => LibraryType)
  @Access('admin')
  @Audited('library.update', targetById('library', 'id'))
  updateLibrary(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => LibraryInput) input: LibraryInput): Promise<Library> {
    return ctx.services.libraries.update(ctx, id, input);
  }

  @Mutation(() => LibraryType)
  @Access('admin')
  @Audited('library.delete', targetById('library', 'id'))
  deleteLibrary(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('undelete', () => Boolean, { nullable: true }) undelete?: boolean): Promise<Library> {
    return ctx.services.libraries.delete(ctx, id, undelete ?? false);
  }

  @Mutation(() => LibraryPermissionsType)
  @Access('permission')
  @Audited('library.permissions', targetById('library', 'id'))
  async setLibraryPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('action', () => String, { nullable: true }) action: string | undefined,
    @Arg('roles', () => PermissionRolesInput) roles: PermissionRolesInput,
  ) {
    const changed = await ctx.services.libraryPermissions.set(ctx, id, action ?? null, {
      access: roles.access ?? [],
      add: roles.add ?? [],
      manage: roles.manage ?? [],
      modify: roles.modify ?? [],
    });
    return { current: changed.roles, available: null, library: changed.library };
  }

  @Mutation(() => [CreatedLibraryItemType], { description: 'POST /api/libraries/{id}/contents: a folder, a copy of a history dataset, or a collection.' })
  @Access('permission')
  async createLibraryContent(@Ctx() ctx: RequestContext, @Arg('libraryId', () => ID) libraryId: string, @Arg('input', () => LibraryContentInput) input: LibraryContentInput): Promise<CreatedLibraryItemType[]> {
    const upload = {
      uploadOption: input.uploadOption ?? 'upload_file',
      serverDir: input.serverDir,
      filesystemPaths: input.filesystemPaths,
      linkDataOnly: input.linkDataOnly,
      fileType: input.fileType,
      dbkey: input.dbkey,
      pasted: input.pasted,
      files: [],
    };
    const items = await ctx.services.libraryCreation.createWithFiles(ctx, libraryId, { ...input, upload }, input.files ?? []);
    return items.map((item) => ({
      id: item.kind === 'folder' ? encodeFolderId(ctx, item.id) : encoded(ctx, item.id),
      type: item.kind,
      name: item.name,
      collection: item.collection ? collectionNode(ctx, item.collection) : null,
    }));
  }

  @Mutation(() => ImplicitConversionType, { description: 'Links a converted library dataset to its source (the target extension is the converted one).' })
  @Access('permission')
  async recordLibraryConversion(
    @Ctx() ctx: RequestContext,
    @Arg('libraryId', () => ID) libraryId: string,
    @Arg('id', () => ID) id: string,
    @Arg('convertedDatasetId', () => ID, { nullable: true }) convertedDatasetId?: string,
  ): Promise<ImplicitConversionType> {
    const association = await ctx.services.libraryContents.recordConversion(ctx, libraryId, id, convertedDatasetId ?? null);
    return { id: encoded(ctx, association.id), parentId: encoded(ctx, association.parentLdda.id), convertedId: encoded(ctx, association.convertedLdda.id), type: association.type };
  }

  @FieldResolver(() => ID)
  id(@Root() library: Library, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, library.id);
  }

  @FieldResolver(() => ID, { nullable: true })
  rootFolderId(@Root() library: Library, @Ctx() ctx: RequestContext): string | null {
    return library.rootFolder ? encodeFolderId(ctx, library.rootFolder.id) : null;
  }

  @FieldResolver(() => LibraryFolderType, { nullable: true })
  rootFolder(@Root() library: Library, @Ctx() ctx: RequestContext): Promise<LibraryFolder | null> | null {
    return library.rootFolder ? ctx.loaders.get(folderById).load(library.rootFolder.id) : null;
  }

  @FieldResolver(() => Boolean, { description: 'No access roles: anyone may see it.' })
  async public(@Root() library: Library, @Ctx() ctx: RequestContext): Promise<boolean> {
    return (await ctx.services.permissions.grantedRoleIds(ctx, { type: 'library', id: library.id }, PERMISSION_ACTIONS.libraryAccess)).length === 0;
  }

  @FieldResolver(() => Boolean)
  canUserAdd(@Root() library: Library, @Ctx() ctx: RequestContext): Promise<boolean> {
    return ctx.services.permissions.can(ctx, { type: 'library', id: library.id }, PERMISSION_ACTIONS.libraryAdd);
  }

  @FieldResolver(() => Boolean)
  canUserModify(@Root() library: Library, @Ctx() ctx: RequestContext): Promise<boolean> {
    return ctx.services.permissions.can(ctx, { type: 'library', id: library.id }, PERMISSION_ACTIONS.libraryModify);
  }

  @FieldResolver(() => Boolean)
  canUserManage(@Root() library: Library, @Ctx() ctx: RequestContext): Promise<boolean> {
    return ctx.services.permissions.can(ctx, { type: 'library', id: library.id }, PERMISSION_ACTIONS.libraryManage);
  }
}
