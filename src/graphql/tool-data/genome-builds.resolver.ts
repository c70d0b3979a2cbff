import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { GenomeBuild } from '../../tool-data/genome-builds';
import { Access } from '../shared/access';

@ObjectType('GenomeBuild', { description: "A genome build a dataset's Database/Build may name (the installation's builds.txt)." })
export class GenomeBuildType {
  @Field(() => String, { description: "The build's key, stored as the dataset's genome_build ('?' unspecified)." })
  dbkey!: string;

  @Field(() => String, { description: 'What people pick it by, e.g. "Human Feb. 2009 (GRCh37/hg19) (hg19)".' })
  description!: string;
}

@Resolver()
export class GenomeBuildsResolver {
  @Query(() => [GenomeBuildType], { description: "The installation's genome builds, '?' (unspecified) first, then in its builds.txt's order." })
  @Access('anonymous')
  genomeBuilds(@Ctx() ctx: RequestContext): GenomeBuild[] {
    return ctx.services.toolData.genomeBuilds();
  }
}
