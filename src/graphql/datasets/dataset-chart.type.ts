import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { ChartValue } from '../../services/datasets';
import { PageInfo } from '../collections/history-items-page.types';
import { ChartValueScalar } from './chart-value.scalar';

@ObjectType('DatasetChartPage', {
  description:
    "A page of the values of chosen columns of a tabular dataset, for a chart: every row's values in the order the columns were asked for; beyond the sample limit, an evenly spread sample of the data rows.",
})
export class DatasetChartPageType {
  @Field(() => [[ChartValueScalar]], { nullable: 'items', description: 'The rows of the page, each the values of the chosen columns in the order asked for.' })
  rows!: Array<Array<ChartValue>>;

  @Field(() => Float, { description: "The dataset's data rows (lines neither blank nor '#' comments)." })
  totalRows!: number;

  @Field(() => Boolean, { description: 'Whether the pages give an evenly spread sample of the data rows (more than the sample limit), not all of them.' })
  sampled!: boolean;

  @Field(() => Int, { description: 'The rows all pages together give: every data row, or the sample.' })
  sampleSize!: number;

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
