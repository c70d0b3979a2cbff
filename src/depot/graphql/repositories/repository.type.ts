import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('DepotRepository', { description: 'A published repository of tools, workflows, datatypes or dependency definitions.' })
export class RepositoryType {
  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'unrestricted, repository_suite_definition or tool_dependency_definition.' })
  type!: string;

  @Field(() => String, { description: 'The synopsis.' })
  description!: string;

  @Field(() => String)
  longDescription!: string;

  @Field(() => String)
  homepageUrl!: string;

  @Field(() => String)
  remoteRepositoryUrl!: string;

  @Field(() => String, { description: "The owner's username." })
  owner!: string;

  @Field(() => Boolean)
  private!: boolean;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Boolean)
  deprecated!: boolean;

  @Field(() => Int)
  timesDownloaded!: number;
}

@InputType('DepotRepositoryInput')
export class RepositoryInputType {
  @Field(() => String, { nullable: true, description: "Lower-case letters, digits and '_'; unique among the owner's repositories." })
  name?: string;

  @Field(() => String, { nullable: true, description: 'Required.' })
  synopsis?: string;

  @Field(() => String, { nullable: true, description: 'The long description.' })
  description?: string;

  @Field(() => String, { nullable: true, description: 'unrestricted (default), repository_suite_definition or tool_dependency_definition.' })
  type?: string;

  @Field(() => String, { nullable: true })
  homepageUrl?: string;

  @Field(() => String, { nullable: true })
  remoteRepositoryUrl?: string;

  @Field(() => [String], { nullable: true, description: 'Encoded category ids.' })
  categoryIds?: string[];
}

@ObjectType('DepotUploadResult', { description: 'A new revision from an uploaded tarball.' })
export class UploadResultType {
  @Field(() => String)
  message!: string;

  @Field(() => String)
  contentAlert!: string;

  @Field(() => String)
  changesetRevision!: string;

  @Field(() => Int)
  ctxRev!: number;
}

@ObjectType('DepotArchive', { description: "A revision's archive, ready to download." })
export class ArchiveType {
  @Field(() => String, { description: 'Server path of the archive (for the download route).' })
  path!: string;

  @Field(() => String)
  fileName!: string;
}
