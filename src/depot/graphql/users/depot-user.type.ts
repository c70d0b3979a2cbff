import { Field, InputType, ObjectType } from 'type-graphql';

@ObjectType('DepotUser', { description: 'A depot account; repositories are published under its username.' })
export class DepotUserType {
  @Field(() => String)
  username!: string;

  @Field(() => Boolean)
  deleted!: boolean;
}

@InputType('DepotUserInput')
export class DepotUserInputType {
  @Field(() => String, { nullable: true })
  email?: string;

  @Field(() => String, { nullable: true, description: "The public name: lower-case letters, digits and '-'." })
  username?: string;

  @Field(() => String, { nullable: true })
  password?: string;
}
