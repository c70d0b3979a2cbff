import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { CHART_SAMPLE_LIMIT, datasetColumnTypes, MAX_CHART_COLUMNS, MAX_CHART_PAGE_ROWS, readChartPage } from '../../services/datasets';
import type { HdaNode } from './hda-node';
import { DatasetChartPageType } from './dataset-chart.type';
import { HistoryContentType } from './history-content.type';

/** What a chart of a tabular dataset reads: its columns' types and pages of the chosen columns' values. */
@Resolver(() => HistoryContentType)
export class DatasetChartResolver {
  @FieldResolver(() => [String], {
    nullable: true,
    description: "A tabular dataset's column types (int, float, list, str), one per column: its metadata's column_types (typed from tab-separated lines); a csv dataset's are typed from its first lines by the same rule. Null when not tabular or not typed.",
  })
  columnTypes(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<string[] | null> {
    return datasetColumnTypes(ctx, hda.view, hda.id);
  }

  @FieldResolver(() => DatasetChartPageType, {
    nullable: true,
    description: `A page of the values of chosen columns of a tabular dataset, for a chart: numbers where the metadata types a column int or float, text otherwise; \`first\` rows (at most ${MAX_CHART_PAGE_ROWS}) after the cursor \`after\`. Beyond ${CHART_SAMPLE_LIMIT} data rows the pages give an evenly spread sample of ${CHART_SAMPLE_LIMIT}. As its display route allows (same rules); a dataset that is not tabular is refused.`,
  })
  chartData(
    @Root() hda: HdaNode,
    @Ctx() ctx: RequestContext,
    @Arg('columns', () => [Int], { description: `The columns, numbered from 1 as the platform counts them (1 to ${MAX_CHART_COLUMNS} of them).` }) columns: number[],
    @Arg('first', () => Int, { defaultValue: MAX_CHART_PAGE_ROWS }) first: number,
    @Arg('after', () => String, { nullable: true, description: "The previous page's endCursor." }) after?: string | null,
  ): Promise<DatasetChartPageType> {
    return readChartPage(ctx, hda.view, hda.id, { columns, first, after: after ?? null }).then((page) => ({
      rows: page.rows,
      totalRows: page.totalRows,
      sampled: page.sampled,
      sampleSize: page.sampleSize,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    }));
  }
}
