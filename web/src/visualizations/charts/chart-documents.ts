import { graphql } from '../../graphql';

/** Rows a page of chart data asks for (the graph's largest page). */
export const CHART_PAGE_ROWS = 5000;

/** What the builder offers for a dataset: its name, genome build and columns with their types. */
export const ChartDatasetQuery = graphql(`
  query ChartDataset($id: ID!) {
    dataset(id: $id) {
      id
      name
      hid
      state
      extension
      genomeBuild
      displayKind
      columnNames
      columnCount
      columnTypes
    }
  }
`);

/** A page of the chosen columns' values. */
export const ChartDataPageQuery = graphql(`
  query ChartDataPage($id: ID!, $columns: [Int!]!, $first: Int!, $after: String) {
    dataset(id: $id) {
      id
      chartData(columns: $columns, first: $first, after: $after) {
        rows
        totalRows
        sampled
        sampleSize
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);
