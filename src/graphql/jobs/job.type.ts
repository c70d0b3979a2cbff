import { Field, Int, ObjectType } from 'type-graphql';

/** Plain fields read as properties (`simpleResolvers`): job listings stream thousands per answer. */
@ObjectType('Job', { simpleResolvers: true })
export class JobType {
  @Field(() => String)
  toolId!: string;

  @Field(() => String)
  toolVersion!: string;

  @Field(() => String)
  state!: string;

  @Field(() => Int, { nullable: true })
  exitCode!: number | null;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;

  @Field(() => String, { nullable: true })
  info!: string | null;
}

/** A dataset a job read or wrote, under its parameter name. */
@ObjectType('JobDataset')
export class JobDatasetType {
  @Field(() => String)
  name!: string;
}

@ObjectType('JobMetric')
export class JobMetricType {
  @Field(() => String)
  title!: string;

  @Field(() => String)
  value!: string;

  @Field(() => String)
  plugin!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { name: 'rawValue' })
  raw_value!: string;
}
