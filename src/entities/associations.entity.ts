import { Entity, Index, ManyToOne, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { Group } from './group.entity';
import { Quota } from './quota.entity';
import { Role } from './role.entity';
import { User } from './user.entity';

/** Membership rows of the admin area, named like the platform's tables. */

@Entity({ tableName: 'user_role_association' })
@Unique({ properties: ['user', 'role'] })
@Index({ properties: ['role'] })
export class UserRoleAssociation extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Role, { deleteRule: 'cascade' })
  role!: Role;
}

@Entity({ tableName: 'user_group_association' })
@Unique({ properties: ['user', 'group'] })
@Index({ properties: ['group'] })
export class UserGroupAssociation extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Group, { deleteRule: 'cascade' })
  group!: Group;
}

@Entity({ tableName: 'group_role_association' })
@Unique({ properties: ['group', 'role'] })
@Index({ properties: ['role'] })
export class GroupRoleAssociation extends BaseEntity {
  @ManyToOne(() => Group, { deleteRule: 'cascade' })
  group!: Group;

  @ManyToOne(() => Role, { deleteRule: 'cascade' })
  role!: Role;
}

@Entity({ tableName: 'user_quota_association' })
@Unique({ properties: ['user', 'quota'] })
@Index({ properties: ['quota'] })
export class UserQuotaAssociation extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Quota, { deleteRule: 'cascade' })
  quota!: Quota;
}

@Entity({ tableName: 'group_quota_association' })
@Unique({ properties: ['group', 'quota'] })
@Index({ properties: ['quota'] })
export class GroupQuotaAssociation extends BaseEntity {
  @ManyToOne(() => Group, { deleteRule: 'cascade' })
  group!: Group;

  @ManyToOne(() => Quota, { deleteRule: 'cascade' })
  quota!: Quota;
}

export const DEFAULT_QUOTA_TYPES = ['registered', 'unregistered'] as const;
export type DefaultQuotaType = (typeof DEFAULT_QUOTA_TYPES)[number];

/** At most one default quota per type. */
@Entity({ tableName: 'default_quota_association' })
@Index({ properties: ['quota'] })
export class DefaultQuotaAssociation extends BaseEntity {
  @Property({ type: 'string', length: 32, unique: true })
  type!: DefaultQuotaType;

  @ManyToOne(() => Quota, { deleteRule: 'cascade' })
  quota!: Quota;
}
