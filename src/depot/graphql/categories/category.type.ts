import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('DepotCategory', { description: 'A category repositories are filed under.' })
export class CategoryType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Int, { description: 'Repositories filed under it that are neither deleted nor deprecated.' })
  repositoryCount!: number;
}
