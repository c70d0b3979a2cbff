import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../collections/history-items-page.types';

@ObjectType('DepotRepositoryHit', { description: "A repository an allowed depot's search found." })
export class DepotRepositoryHitType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  owner!: string;

  @Field(() => String, { description: 'Its synopsis.' })
  description!: string;

  @Field(() => Int)
  timesDownloaded!: number;

  @Field(() => String, { nullable: true, description: 'When it last changed, as the depot says it.' })
  lastUpdated!: string | null;

  @Field(() => Boolean)
  approved!: boolean;
}

@ObjectType('DepotRepositoryHitEdge')
export class DepotRepositoryHitEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => DepotRepositoryHitType)
  node!: DepotRepositoryHitType;
}

@ObjectType('DepotRepositorySearch', { description: "One page of a depot's repository search (the depot pages it; the cursor names the next page)." })
export class DepotRepositorySearchType {
  @Field(() => [DepotRepositoryHitEdge])
  edges!: DepotRepositoryHitEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'How many repositories the search found in all.' })
  totalCount!: number;
}

@ObjectType('DepotTool', { description: 'A tool a depot offers in a repository.' })
export class DepotToolType {
  @Field(() => String)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  version!: string;

  @Field(() => String)
  guid!: string;

  @Field(() => String, { description: 'The installable revision offering this version.' })
  changesetRevision!: string;
}

@ObjectType('DepotDependency', { description: 'A repository a revision needs.' })
export class DepotDependencyType {
  @Field(() => String, { description: "The depot's address as the dependency list gives it." })
  depot!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  owner!: string;

  @Field(() => String)
  changesetRevision!: string;

  @Field(() => Boolean)
  priorInstallationRequired!: boolean;
}

@ObjectType('DepotRevision', { description: "A revision of a depot's repository: its description and repository dependencies." })
export class DepotRevisionType {
  @Field(() => String)
  changesetRevision!: string;

  @Field(() => String, { nullable: true, description: 'Its number in the repository (0 for the first).' })
  ctxRev!: string | null;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => Boolean)
  includesTools!: boolean;

  @Field(() => Boolean)
  includesDatatypes!: boolean;

  @Field(() => Boolean)
  deprecated!: boolean;

  @Field(() => [DepotDependencyType])
  dependencies!: DepotDependencyType[];
}

@ObjectType('DepotRepository', { description: 'A repository of an allowed depot, as its API shows it.' })
export class DepotRepositoryType {
  @Field(() => String)
  depotUrl!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  owner!: string;

  @Field(() => [String], { description: 'Changesets of its installable revisions, oldest first.' })
  revisions!: string[];
}
