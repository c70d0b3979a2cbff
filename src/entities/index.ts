import { ApiKey } from './api-key.entity';
import {
  DefaultQuotaAssociation,
  GroupQuotaAssociation,
  GroupRoleAssociation,
  UserGroupAssociation,
  UserQuotaAssociation,
  UserRoleAssociation,
} from './associations.entity';
import { BaseEntity } from './base.entity';
import { GalaxySession } from './galaxy-session.entity';
import { Group } from './group.entity';
import { ItemTag } from './item-tag.entity';
import { Quota } from './quota.entity';
import { Role } from './role.entity';
import { User } from './user.entity';

export {
  ApiKey,
  BaseEntity,
  DefaultQuotaAssociation,
  GalaxySession,
  Group,
  GroupQuotaAssociation,
  GroupRoleAssociation,
  ItemTag,
  Quota,
  Role,
  User,
  UserGroupAssociation,
  UserQuotaAssociation,
  UserRoleAssociation,
};

/** Every entity the ORM maps; later areas add theirs here. */
export const ALL_ENTITIES = [
  BaseEntity,
  User,
  ApiKey,
  GalaxySession,
  Role,
  Group,
  Quota,
  UserRoleAssociation,
  UserGroupAssociation,
  GroupRoleAssociation,
  UserQuotaAssociation,
  GroupQuotaAssociation,
  DefaultQuotaAssociation,
  ItemTag,
];
