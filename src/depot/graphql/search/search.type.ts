import { ArgsType, Field, Float, Int, ObjectType } from 'type-graphql';
import { RepositoryType } from '../repositories/repository.type';

@ArgsType()
export class SearchArgs {
  @Field(() => String, { description: 'The search term: at least 3 characters; every word must be found.' })
  q!: string;

  @Field(() => Int, { nullable: true, description: 'The page (default 1); one after the last gives the last page.' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Hits per page (default 10).' })
  pageSize?: number;
}

@ObjectType('DepotRepositoryHit', { description: 'A repository found by a search.' })
export class RepositoryHitType {
  @Field(() => RepositoryType)
  repository!: RepositoryType;

  @Field(() => Float, {
    description:
      "Each word's matches, field by field: the field's weight (name 0.9, description 0.6, long description 0.5, homepage 0.3, owner 0.3, " +
      'remote repository 0.2), doubled for a whole word; summed, then times max(times downloaded, 1) / 100.',
  })
  score!: number;

  @Field(() => [[String]], { description: '[field, word] for each word found in each field.' })
  matchedTerms!: string[][];

  @Field(() => String, { description: "When the repository or its revisions last changed, in the original's words ('today', 'less than a month', …)." })
  lastUpdated!: string;

  @Field(() => String, { description: 'The same time as YYYY-MM-DD hh:mm AM/PM (UTC).' })
  fullLastUpdated!: string;

  @Field(() => String, { description: "'yes' when a review approved it; this depot has no reviews ('no')." })
  approved!: string;
}

/** What every page of a search says besides its hits (the original depot's search object). */
@ObjectType('DepotSearchPage')
abstract class SearchPageType {
  @Field(() => String, { description: "The depot's address." })
  hostname!: string;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  pageSize!: number;

  @Field(() => Int, { description: 'Hits on every page.' })
  totalResults!: number;
}

@ObjectType('DepotRepositorySearch', { description: "A page of a repository search (the original depot's search object)." })
export class RepositorySearchType extends SearchPageType {
  @Field(() => [RepositoryHitType], { description: 'Best first.' })
  hits!: RepositoryHitType[];
}

@ObjectType('DepotSearchTool', { description: 'A tool of an installable revision.' })
export class SearchToolType {
  @Field(() => String, { description: "The tool's id (its XML's)." })
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  version!: string;

  @Field(() => String)
  guid!: string;

  @Field(() => String)
  repoName!: string;

  @Field(() => String)
  repoOwnerUsername!: string;

  @Field(() => String, { description: 'The installable revision that offers this version.' })
  changesetRevision!: string;
}

@ObjectType('DepotToolHit', { description: 'A tool found by a search.' })
export class ToolHitType {
  @Field(() => SearchToolType)
  tool!: SearchToolType;

  @Field(() => Float, { description: "Each word's matches, field by field: the field's weight (name 1.2, description 0.6, owner 0.3), doubled for a whole word; summed." })
  score!: number;

  @Field(() => [[String]], { description: '[field, word] for each word found in each field.' })
  matchedTerms!: string[][];
}

@ObjectType('DepotToolSearch', { description: "A page of a tool search (the original depot's search object)." })
export class ToolSearchType extends SearchPageType {
  @Field(() => [ToolHitType], { description: 'Best first.' })
  hits!: ToolHitType[];
}
