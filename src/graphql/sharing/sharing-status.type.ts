import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('SharedWithUser')
export class SharedWithUserType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  email!: string;
}

/** Who may see a shareable item: anyone with the link, everyone (published), named users. */
@ObjectType('SharingStatus')
export class SharingStatusType {
  @Field(() => ID)
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
