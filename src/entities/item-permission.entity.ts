import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Role } from './role.entity';

/** What a role may be granted on an item (the platform's permitted actions). */
export const PERMISSION_ACTIONS = {
  libraryAccess: 'access library',
  libraryAdd: 'add library item',
  libraryModify: 'modify library item',
  libraryManage: 'manage library permissions',
  datasetAccess: 'access',
  datasetManage: 'manage permissions',
  /** Restricting: a request type with no roles is open to everyone. */
  requestTypeAccess: 'access request_type',
} as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[keyof typeof PERMISSION_ACTIONS];

/** `user_default`: a user's default dataset actions, granted to each new dataset of their histories. */
export const PERMISSION_ITEM_TYPES = ['library', 'folder', 'library_dataset', 'dataset', 'request_type', 'user_default'] as const;
export type PermissionItemType = (typeof PERMISSION_ITEM_TYPES)[number];

/**
 * One grant: a role may perform an action on an item. One table for every kind of item keeps a single
 * permission vocabulary and lets listings join one predicate.
 */
@Entity({ tableName: 'item_permission' })
@Index({ properties: ['itemType', 'itemId', 'action'] })
@Index({ properties: ['role'] })
@Unique({ properties: ['itemType', 'itemId', 'action', 'role'] })
export class ItemPermission {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 32 })
  itemType!: PermissionItemType;

  @Property({ type: 'integer' })
  itemId!: number;

  @Property({ type: 'string', length: 64 })
  action!: PermissionAction;

  @ManyToOne(() => Role, { deleteRule: 'cascade' })
  role!: Role;
}
