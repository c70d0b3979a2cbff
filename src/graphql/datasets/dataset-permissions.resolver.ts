import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { DatasetRoles } from '../../services/datasets';
import { Access } from '../shared/access';
import { Audited, targetById } from '../shared/audited';
import { DatasetPermissionRolesInput, DatasetPermissionsType } from './dataset-permissions.type';

@Resolver()
export class DatasetPermissionsResolver {
  @Query(() => DatasetPermissionsType, { description: 'Access and manage roles of a history dataset (owner of its history, manager or administrator).' })
  @Access('permission')
  datasetPermissions(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<DatasetRoles> {
    return ctx.services.datasetPermissions.show(ctx, id);
  }

  @Mutation(() => DatasetPermissionsType, { description: 'set_permissions (default), make_private or remove_restrictions on a history dataset.' })
  @Access('permission')
  setDatasetPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('action', () => String, { nullable: true }) action: string | undefined,
    @Arg('roles', () => DatasetPermissionRolesInput, { nullable: true }) roles: DatasetPermissionRolesInput | undefined,
  ): Promise<DatasetRoles> {
    return ctx.services.datasetPermissions.set(ctx, id, action ?? null, { access: roles?.access ?? null, manage: roles?.manage ?? null, modify: roles?.modify ?? null });
  }

  @Query(() => DatasetPermissionsType, { description: "The caller's default permissions, given to each new dataset of their histories." })
  @Access('user')
  defaultDatasetPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('userId', () => ID, { nullable: true, description: "Another user's (administrators)." }) userId?: string,
  ): Promise<DatasetRoles> {
    return ctx.services.defaultDatasetPermissions.show(ctx, userId);
  }

  @Mutation(() => DatasetPermissionsType, { description: "Replaces the caller's default dataset permissions (e.g. access: [their private role])." })
  @Access('user')
  @Audited('user.default_permissions', targetById('user', 'userId'))
  setDefaultDatasetPermissions(
    @Ctx() ctx: RequestContext,
    @Arg('access', () => [String], { description: 'Encoded role ids (or names); empty: new datasets are public.' }) access: string[],
    @Arg('manage', () => [String], { nullable: true, description: 'Not given: unchanged.' }) manage?: string[] | null,
    @Arg('userId', () => ID, { nullable: true, description: "Another user's (administrators)." }) userId?: string,
  ): Promise<DatasetRoles> {
    return ctx.services.defaultDatasetPermissions.set(ctx, { access, manage: manage ?? null }, userId);
  }
}
