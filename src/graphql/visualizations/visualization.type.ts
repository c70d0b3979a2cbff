import { VisualizationActionsType } from './visualization-actions.type';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { JSONObjectScalar } from '../shared/scalars';

/** A listing item (the platform's summary dict). */
@ObjectType('VisualizationSummary')
export class VisualizationSummaryType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  type!: string;

  @Field(() => String, { nullable: true })
  dbkey!: string | null;

  @Field(() => String, { description: '/api/visualizations/<id>' })
  url!: string;

  @Field(() => String, { nullable: true, description: "The owner's public username (never their email)." })
  owner!: string | null;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('VisualizationRevision')
export class VisualizationRevisionType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  visualizationId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  dbkey!: string | null;

  @Field(() => JSONObjectScalar)
  config!: Record<string, unknown>;

  @Field(() => Date, { description: 'When the revision was made.' })
  createTime!: Date;
}

@ObjectType('Visualization')
export class VisualizationType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  type!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => String, { nullable: true, description: "The owner's public username (never their email)." })
  owner!: string | null;

  @Field(() => Date)
  updateTime!: Date;

  @Field(() => String, { nullable: true })
  dbkey!: string | null;

  @Field(() => String, { nullable: true })
  slug!: string | null;

  @Field(() => String, { description: 'The UI address /u/<username>/v/<slug>.' })
  url!: string;

  @Field(() => String, { nullable: true, description: "The caller's annotation (annotations belong to their owner)." })
  annotation!: string | null;

  @Field(() => Boolean)
  importable!: boolean;

  @Field(() => Boolean)
  published!: boolean;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => [ID])
  revisions!: string[];

  @Field(() => VisualizationRevisionType, { nullable: true })
  latestRevision!: VisualizationRevisionType | null;

  @Field(() => VisualizationActionsType, { description: 'What the caller may do with it.' })
  viewerCan!: VisualizationActionsType;

  /** For the relations (not in the schema): the unencoded id. */
  key!: number;
}

@ObjectType('VisualizationUpdate')
export class VisualizationUpdateType {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: 'The new revision, as a raw integer (as the platform answers).' })
  revision!: number;
}
