import { Field, ID, InputType, ObjectType } from 'type-graphql';
import type { Role } from '../../entities/role.entity';
import { PageInfo } from '../collections/history-items-page.types';

@ObjectType('Role')
export class RoleType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: 'private, system, user, admin or sharing.' })
  type!: string;

  @Field(() => Boolean)
  deleted!: boolean;
}

@InputType('NewRoleInput')
export class NewRoleInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => [ID], { nullable: true })
  userIds?: string[];

  @Field(() => [ID], { nullable: true })
  groupIds?: string[];
}

@InputType('RoleUpdateInput')
export class RoleUpdateInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [ID], { nullable: true, description: "Replaces the role's users; not given: unchanged." })
  userIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: "Replaces the role's groups; not given: unchanged." })
  groupIds?: string[] | null;
}

@ObjectType({ description: 'A page of roles for the administration.' })
export class AdminRoleConnection {
  @Field(() => [RoleType])
  nodes!: Role[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
