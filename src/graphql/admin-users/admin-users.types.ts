import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import type { UserView } from '../../services/users';
import { PageInfo } from '../collections/history-items-page.types';
import { UserType } from '../users/user.type';

@ObjectType()
export class UserEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => UserType)
  node!: UserView;
}

@ObjectType({ description: 'A page of users, by id.' })
export class UserConnection {
  @Field(() => [UserEdge])
  edges!: UserEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

@InputType('UpdateUserInput', { description: 'What an administrator changes of a user; a field left out stays as it is.' })
export class UpdateUserInput {
  @Field(() => String, { nullable: true })
  email?: string;

  @Field(() => String, { nullable: true, description: 'The public name.' })
  username?: string;
}

@ObjectType('UserPurgePlan', { description: 'What purging a user removes or marks, counted now (15.05 purge, and more: see each field).' })
export class UserPurgePlanType {
  @Field(() => String)
  email!: string;

  @Field(() => String, { description: 'The email the purged record keeps instead (the public name is removed).' })
  replacementEmail!: string;

  @Field(() => Int, { description: 'Histories marked deleted and purged.' })
  histories!: number;

  @Field(() => Int, { description: 'Datasets of those histories marked purged.' })
  historyDatasets!: number;

  @Field(() => Int, { description: 'Dataset files removed from disk (nothing else uses them).' })
  datasetFiles!: number;

  @Field(() => Int, { description: 'Group memberships removed.' })
  groupMemberships!: number;

  @Field(() => Int, { description: 'Role memberships removed (the private role is kept).' })
  roleMemberships!: number;

  @Field(() => Int, { description: 'API keys removed.' })
  apiKeys!: number;

  @Field(() => Int, { description: 'Open browser sessions ended.' })
  sessions!: number;

  @Field(() => Float, { description: 'Bytes of disk usage the user holds now.' })
  diskUsage!: number;
}
