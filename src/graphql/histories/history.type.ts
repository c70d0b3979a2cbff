import { Field, ID, InputType, ObjectType } from 'type-graphql';

/** Plain fields read as properties (`simpleResolvers`): the histories index streams thousands. */
@ObjectType('History', { simpleResolvers: true })
export class HistoryType {
  @Field(() => String)
  name!: string;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Boolean)
  purged!: boolean;

  @Field(() => Boolean)
  published!: boolean;

  @Field(() => Boolean)
  importable!: boolean;

  @Field(() => String, { nullable: true })
  slug!: string | null;

  @Field(() => String, { nullable: true })
  annotation!: string | null;
}

@InputType('HistoryFilterInput', { description: "One q/qv pair, e.g. { q: 'name-contains', qv: 'rna' }." })
export class HistoryFilterInput {
  @Field(() => String)
  q!: string;

  @Field(() => String)
  qv!: string;
}

@InputType('NewHistoryInput')
export class NewHistoryInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => ID, { nullable: true, description: 'A history to copy.' })
  copyFrom?: string;

  @Field(() => Boolean, { nullable: true, description: "With copyFrom: copy its deleted datasets too (15.05's \"all datasets\"); by default only its active ones." })
  allDatasets?: boolean;

  @Field(() => String, { nullable: true, description: 'An archive to import: an http(s) URL or a path under the import directory.' })
  archiveSource?: string;

  @Field(() => String, { nullable: true })
  archiveType?: string;
}

@ObjectType('HistoryTag')
export class HistoryTagType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  value!: string | null;
}
