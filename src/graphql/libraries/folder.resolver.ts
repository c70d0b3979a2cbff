import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import { decodeFolderId, encodeFolderId } from '../../services/libraries';
import { currentVersionByLibraryDatasetId, folderById, libraryTreeById } from '../../services/libraries';
import { Access } from '../shared/access';
import { Audited, targetById } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { JSONScalar } from '../shared/scalars';
import { detailNode, folderContentsNode, versionNode } from './library-nodes';
import {
  FolderContentsType,
  FolderPermissionsType,
  LibraryDatasetDetailType,
  LibraryDatasetPermissionsType,
  LibraryDatasetVersionType,
  RolePageArgs,
  LibraryFolderType,
  PermissionRolesInput,
} from './library.types';

@Resolver(() => LibraryFolderType)
export class FolderResolver {
  @Query(() => LibraryFolderType, { description: "A folder ('F' id) of a library the caller may access." })
  @Access('user')
  folder(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<LibraryFolder> {
    ctx.caller.requireIdentity();
    return ctx.services.folders.findAccessible(ctx, id);
  }

  @Query(() => FolderContentsType, { description: 'The first level of a folder, with what the caller may do.' })
  @Access('anonymous')
  async folderContents(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('includeDeleted', () => Boolean, { nullable: true }) includeDeleted?: boolean): Promise<FolderContentsType> {
    return folderContentsNode(ctx, await ctx.services.folderContents.list(ctx, id, includeDeleted ?? false));
  }

  @Query(() => FolderPermissionsType)
  @Access('permission')
  folderPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Args(() => RolePageArgs) paging: RolePageArgs,
  ) {
    return ctx.services.folderPermissions.show(ctx, id, paging.scope ?? null, paging.page ?? 1, paging.pageLimit ?? 10, paging.q ?? null);
  }

  @Mutation(() => LibraryFolderType)
  @Access('permission')
  createFolder(
    @Ctx() ctx: RequestContext,
    @Arg('parentId', () => ID) parentId: string,
    @Arg('name', () => String, { nullable: true }) name?: string,
    @Arg('description', () => String, { nullable: true }) description?: string,
  ): Promise<LibraryFolder> {
    return ctx.services.folders.create(ctx, parentId, { name, description });
  }

  @Mutation(() => LibraryFolderType)
  @Access('admin')
  deleteFolder(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('undelete', () => Boolean, { nullable: true }) undelete?: boolean): Promise<LibraryFolder> {
    return ctx.services.folders.delete(ctx, id, undelete ?? false);
  }

  @Mutation(() => FolderPermissionsType)
  @Access('permission')
  @Audited('folder.permissions', targetById('folder', 'id'))
  async setFolderPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('action', () => String, { nullable: true }) action: string | undefined,
    @Arg('roles', () => PermissionRolesInput) roles: PermissionRolesInput,
  ) {
    const current = await ctx.services.folderPermissions.set(ctx, id, action ?? null, { add: roles.add ?? [], manage: roles.manage ?? [], modify: roles.modify ?? [] });
    return { current, available: null };
  }

  @Mutation(() => LibraryDatasetVersionType, { description: 'Copies a history dataset into a folder (POST /api/folders/{id}/contents).' })
  @Access('permission')
  async copyToFolder(
    @Ctx() ctx: RequestContext,
    @Arg('folderId', () => ID) folderId: string,
    @Arg('fromHdaId', () => ID, { nullable: true }) fromHdaId?: string,
    @Arg('lddaMessage', () => String, { nullable: true }) lddaMessage?: string,
    @Arg('extendedMetadata', () => JSONScalar, { nullable: true }) extendedMetadata?: unknown,
  ): Promise<LibraryDatasetVersionType> {
    const ldda = await ctx.services.folderCopies.copy(ctx, folderId, fromHdaId ?? null, lddaMessage ?? null, extendedMetadata ?? null);
    const folder = await ctx.loaders.get(folderById).load(decodeFolderId(ctx, folderId));
    return versionNode(ctx, ldda, decodeFolderId(ctx, folderId), folder?.library.id ?? 0);
  }

  @FieldResolver(() => ID)
  id(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext): string {
    return encodeFolderId(ctx, folder.id);
  }

  @FieldResolver(() => ID, { nullable: true })
  parentId(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext): string | null {
    return folder.parent ? encodeFolderId(ctx, folder.parent.id) : null;
  }

  @FieldResolver(() => ID)
  parentLibraryId(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, folder.library.id);
  }

  @FieldResolver(() => String, { nullable: true })
  genomeBuild(@Root() folder: LibraryFolder): string | null {
    return folder.genomeBuild;
  }

  @FieldResolver(() => [String], { description: 'Names of the folders below the root down to this one.' })
  async libraryPath(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext): Promise<string[]> {
    return (await ctx.loaders.get(libraryTreeById).load(folder.library.id)).pathOf(folder.id);
  }

  @FieldResolver(() => Int, { description: 'Active subfolders and datasets.' })
  async itemCount(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext): Promise<number> {
    const tree = await ctx.loaders.get(libraryTreeById).load(folder.library.id);
    return tree.subfolders(folder.id).filter((f) => !f.deleted).length + tree.datasetsIn(folder.id).filter((d) => !d.deleted).length;
  }

  @FieldResolver(() => [LibraryFolderType], { description: 'Active subfolders, as the folder contents listing shows them, recursively selectable.' })
  async children(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext): Promise<LibraryFolder[]> {
    const tree = await ctx.loaders.get(libraryTreeById).load(folder.library.id);
    const ids = tree.subfolders(folder.id).filter((f) => !f.deleted).map((f) => f.id);
    const folders = await ctx.loaders.get(folderById).loadMany(ids);
    return folders.filter((f): f is LibraryFolder => f !== null && !(f instanceof Error));
  }

  @FieldResolver(() => [LibraryDatasetVersionType], { description: 'Current versions of the datasets the caller may access.' })
  async datasets(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext): Promise<LibraryDatasetVersionType[]> {
    const tree = await ctx.loaders.get(libraryTreeById).load(folder.library.id);
    const ids = tree.datasetsIn(folder.id).filter((d) => !d.deleted && d.accessible).map((d) => d.id);
    const versions = await ctx.loaders.get(currentVersionByLibraryDatasetId).loadMany(ids);
    return versions.flatMap((v) => (v && !(v instanceof Error) ? [versionNode(ctx, v, folder.id, folder.library.id)] : []));
  }

  @FieldResolver(() => FolderContentsType)
  async contents(@Root() folder: LibraryFolder, @Ctx() ctx: RequestContext, @Arg('includeDeleted', () => Boolean, { nullable: true }) includeDeleted?: boolean): Promise<FolderContentsType> {
    return folderContentsNode(ctx, await ctx.services.folderContents.list(ctx, encodeFolderId(ctx, folder.id), includeDeleted ?? false));
  }
}

@Resolver()
export class LibraryDatasetResolver {
  @Query(() => LibraryDatasetDetailType)
  @Access('anonymous')
  async libraryDataset(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<LibraryDatasetDetailType> {
    return detailNode(ctx, await ctx.services.libraryDatasets.detail(ctx, id));
  }

  @Query(() => LibraryDatasetPermissionsType)
  @Access('permission')
  libraryDatasetPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Args(() => RolePageArgs) paging: RolePageArgs,
  ) {
    return ctx.services.libraryDatasetPermissions.show(ctx, id, paging.scope ?? null, paging.page ?? 1, paging.pageLimit ?? 10, paging.q ?? null);
  }

  @Mutation(() => LibraryDatasetPermissionsType, { description: 'make_private, remove_restrictions or set_permissions (role names).' })
  @Access('permission')
  @Audited('library_dataset.permissions', targetById('library_dataset', 'id'))
  async setLibraryDatasetPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('action', () => String, { nullable: true }) action: string | undefined,
    @Arg('roles', () => PermissionRolesInput) roles: PermissionRolesInput,
  ) {
    const current = await ctx.services.libraryDatasetPermissions.set(ctx, id, action ?? null, { access: roles.access ?? null, manage: roles.manage ?? [], modify: roles.modify ?? [] });
    return { current, available: null };
  }

  @Query(() => LibraryDatasetVersionType, { description: 'An expired version of a library dataset.' })
  @Access('anonymous')
  async libraryDatasetVersion(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('versionId', () => ID) versionId: string): Promise<LibraryDatasetVersionType> {
    const ldda = await ctx.services.libraryDatasets.version(ctx, id, versionId);
    const ld = await ctx.services.libraryDatasets.findAccessible(ctx, id);
    return versionNode(ctx, ldda, ld.folder.id, ld.folder.library.id);
  }
}
