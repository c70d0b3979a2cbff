import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { JSONObjectScalar } from '../../../graphql/shared/scalars';
import { RepositoryType } from '../repositories/repository.type';

@ObjectType('DepotRepositoryRevision', { description: 'A repository revision (the platform\'s RepositoryMetadata): the metadata record of one changeset.' })
export class RevisionType {
  @Field(() => String)
  changesetRevision!: string;

  @Field(() => Int, { description: 'The number of its changeset (0 for the first).' })
  ctxRev!: number;

  @Field(() => Boolean)
  downloadable!: boolean;

  @Field(() => Boolean)
  malicious!: boolean;

  @Field(() => Boolean)
  missingTestComponents!: boolean;

  @Field(() => Boolean)
  toolsFunctionallyCorrect!: boolean;

  @Field(() => Boolean)
  doNotTest!: boolean;

  @Field(() => Boolean)
  testInstallError!: boolean;

  @Field(() => Boolean)
  skipToolTest!: boolean;

  @Field(() => Date, { nullable: true })
  timeLastTested!: Date | null;

  @Field(() => JSONObjectScalar, { nullable: true })
  toolTestResults!: Record<string, unknown> | null;

  @Field(() => Boolean)
  hasRepositoryDependencies!: boolean;

  @Field(() => Boolean)
  includesDatatypes!: boolean;

  @Field(() => Boolean)
  includesTools!: boolean;

  @Field(() => Boolean)
  includesToolDependencies!: boolean;

  @Field(() => Boolean)
  includesToolsForDisplayInToolPanel!: boolean;

  @Field(() => Boolean)
  includesWorkflows!: boolean;
}

@ObjectType('DepotChangeset', { description: 'One revision (git commit) of a repository.' })
export class ChangesetType {
  @Field(() => String)
  changesetRevision!: string;

  @Field(() => Int)
  ctxRev!: number;

  @Field(() => String)
  commitMessage!: string;

  @Field(() => String, { description: 'pending, done or error: whether its metadata is computed.' })
  metadataState!: string;

  @Field(() => Date)
  createTime!: Date;
}

@InputType('DepotRevisionFilter', { description: 'Boolean filters, AND-ed.' })
export class RevisionFilterInput {
  @Field(() => Boolean, { nullable: true })
  downloadable?: boolean;

  @Field(() => Boolean, { nullable: true })
  malicious?: boolean;

  @Field(() => Boolean, { nullable: true })
  toolsFunctionallyCorrect?: boolean;

  @Field(() => Boolean, { nullable: true })
  missingTestComponents?: boolean;

  @Field(() => Boolean, { nullable: true })
  doNotTest?: boolean;

  @Field(() => Boolean, { nullable: true })
  includesTools?: boolean;

  @Field(() => Boolean, { nullable: true })
  testInstallError?: boolean;

  @Field(() => Boolean, { nullable: true })
  skipToolTest?: boolean;
}

@InputType('DepotRevisionUpdate', { description: 'Columns to set; time_last_tested always becomes now.' })
export class RevisionUpdateInput {
  @Field(() => Boolean, { nullable: true, description: "The repository's owner or an administrator." })
  downloadable?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'Administrators.' })
  malicious?: boolean;

  @Field(() => Boolean, { nullable: true })
  doNotTest?: boolean;

  @Field(() => Boolean, { nullable: true })
  missingTestComponents?: boolean;

  @Field(() => Boolean, { nullable: true })
  testInstallError?: boolean;

  @Field(() => Boolean, { nullable: true })
  toolsFunctionallyCorrect?: boolean;

  @Field(() => Boolean, { nullable: true })
  skipToolTest?: boolean;

  @Field(() => JSONObjectScalar, { nullable: true })
  toolTestResults?: Record<string, unknown>;
}

@ObjectType('DepotInstallInfo', { description: 'What installing a changeset takes (a superseded one uses the next downloadable revision).' })
export class InstallInfoType {
  @Field(() => RepositoryType, { nullable: true })
  repository!: unknown;

  @Field(() => RevisionType, { nullable: true })
  revision!: unknown;

  @Field(() => JSONObjectScalar, { description: '{<name>: [description, clone url, changeset, ctx_rev, owner, repository_dependencies, tool_dependencies]}, or {}.' })
  repoInfo!: Record<string, unknown>;
}

@ObjectType('DepotRevisionDependency', { description: 'A revision a revision depends on, with its repository.' })
export class RevisionDependencyType {
  @Field(() => RevisionType)
  revision!: unknown;

  @Field(() => RepositoryType)
  repository!: unknown;
}

@ObjectType('DepotStatusMessage')
export class StatusMessageType {
  @Field(() => String, { description: 'ok or error.' })
  status!: string;

  @Field(() => String)
  message!: string;
}
