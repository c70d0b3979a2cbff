import { Field, ObjectType } from 'type-graphql';

/** The caller: who they are and what they use. */
@ObjectType('Viewer')
export class ViewerType {
  @Field(() => Boolean, { description: 'An administrator, by email or by the master key.' })
  isAdmin!: boolean;

  @Field(() => Boolean, { description: 'No user and not the master key.' })
  isAnonymous!: boolean;
}

@ObjectType('Version')
export class VersionType {
  @Field(() => String)
  major!: string;

  @Field(() => String)
  minor!: string;
}
