import { Field, Float, InputType, ObjectType } from 'type-graphql';
import type { Quota } from '../../entities/quota.entity';

@ObjectType('Quota')
export class QuotaType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Float, { description: 'Amount in bytes; -1 means unlimited.' })
  bytes!: number;

  @Field(() => String, { description: "'=', '+' or '-'." })
  operation!: string;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Boolean)
  purged!: boolean;
}

@InputType('QuotaInput')
export class QuotaInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => String, { nullable: true, description: "e.g. '10 GB', '100k', 'unlimited'." })
  amount?: string;

  @Field(() => String, { nullable: true })
  operation?: string;

  @Field(() => String, { nullable: true, description: "'registered', 'unregistered', or 'no'." })
  default?: string;

  @Field(() => [String], { nullable: true, description: 'Encoded user ids or emails.' })
  inUsers?: string[];

  @Field(() => [String], { nullable: true, description: 'Encoded group ids or group names.' })
  inGroups?: string[];
}

@ObjectType('QuotaCreation')
export class QuotaCreationType {
  @Field(() => QuotaType)
  quota!: Quota;

  @Field(() => String)
  message!: string;
}
