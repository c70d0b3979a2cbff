import { Field, ID, InputType, ObjectType } from 'type-graphql';

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
