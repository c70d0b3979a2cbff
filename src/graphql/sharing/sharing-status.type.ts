import { Field, ID, ObjectType } from 'type-graphql';
import { ShareableKindEnum } from './shareable-kind.enum';

@ObjectType('SharedWithUser')
export class SharedWithUserType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  email!: string;
}

/** Who may see a shareable item: anyone with the link, everyone (published), named users. */
@ObjectType('SharingStatus', { description: 'Identified by kind and id together: a history and a workflow may have the same id.' })
export class SharingStatusType {
  @Field(() => ShareableKindEnum, { description: "The item's kind; with id, the status's key (clients cache it by both)." })
  kind!: string;

  @Field(() => ID, { description: "The item's id (unique within its kind only)." })
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => Boolean)
  importable!: boolean;

  @Field(() => Boolean)
  published!: boolean;

  @Field(() => [SharedWithUserType])
  usersSharedWith!: SharedWithUserType[];

  @Field(() => String, { nullable: true, description: 'u/<owner username>/<h, p, v or w>/<slug>, when both exist.' })
  usernameAndSlug!: string | null;
}

@ObjectType('ShareResult')
export class ShareResultType {
  @Field(() => SharingStatusType)
  sharingStatus!: SharingStatusType;

  @Field(() => [String], { description: 'Values that named no user (or the owner); the others were shared with.' })
  errors!: string[];
}
