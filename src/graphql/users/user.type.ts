import { Field, Float, InputType, ObjectType } from 'type-graphql';

/** A platform account. `email` and `username` are null where the operator keeps them private. */
@ObjectType('User')
export class UserType {
  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Boolean)
  purged!: boolean;

  @Field(() => Float, { description: 'Bytes used by the user’s datasets.' })
  totalDiskUsage!: number;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

/** What any caller, anonymous included, knows of their own usage. */
@ObjectType('Usage')
export class UsageType {
  @Field(() => Float)
  totalDiskUsage!: number;

  @Field(() => String)
  niceTotalDiskUsage!: string;

  @Field(() => Number, { nullable: true, description: 'Percent of the quota used; null when unlimited.' })
  quotaPercent!: number | null;
}

@InputType('NewUserInput')
export class NewUserInput {
  @Field(() => String, { nullable: true })
  username?: string;

  @Field(() => String, { nullable: true })
  email?: string;

  @Field(() => String, { nullable: true })
  password?: string;
}
