import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { RoleType } from '../roles/role.type';
import { UserType } from '../users/user.type';
import type { Group } from '../../entities/group.entity';
import type { Role } from '../../entities/role.entity';
import type { User } from '../../entities/user.entity';

@ObjectType('Group')
export class GroupType {
  @Field(() => String)
  name!: string;

  @Field(() => Boolean)
  deleted!: boolean;
}

@InputType('GroupInput')
export class GroupInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => [ID], { nullable: true })
  userIds?: string[];

  @Field(() => [ID], { nullable: true })
  roleIds?: string[];
}

/** A user looked up in a group; `message` explains a non-member. */
@ObjectType('GroupUserMembership')
export class GroupUserMembershipType {
  @Field(() => GroupType)
  group!: Group;

  @Field(() => UserType, { name: 'user' })
  member!: User;

  @Field(() => Boolean)
  isMember!: boolean;

  @Field(() => String, { nullable: true })
  message!: string | null;
}

/** A role looked up in a group; `message` explains a non-member. */
@ObjectType('GroupRoleMembership')
export class GroupRoleMembershipType {
  @Field(() => GroupType)
  group!: Group;

  @Field(() => RoleType, { name: 'role' })
  member!: Role;

  @Field(() => Boolean)
  isMember!: boolean;

  @Field(() => String, { nullable: true })
  message!: string | null;
}

@InputType('GroupEditInput')
export class GroupEditInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => [ID], { nullable: true, description: "Replaces the group's users; not given: unchanged." })
  userIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: "Replaces the group's roles; not given: unchanged." })
  roleIds?: string[] | null;
}
