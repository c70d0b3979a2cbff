import { graphql } from '../graphql';

/** Lines a chunk of the dataset view asks for. */
export const CHUNK_LINES = 200;

/** States in which a dataset's file can be shown (as the display route serves it). */
export const SHOWABLE_STATES = ['ok', 'empty', 'error', 'failed_metadata'];

/** One chunk of a text or tabular dataset's lines. */
export const DatasetChunkQuery = graphql(`
  query DatasetChunk($id: ID!, $offset: Int!, $limit: Int!) {
    dataset(id: $id) {
      id
      contents(offset: $offset, limit: $limit) {
        firstLine
        lines
        hasMore
        byteSize
      }
    }
  }
`);

/** A tabular dataset's columns: their names (metadata or a '#' header line), number and delimiter. */
export const DatasetColumnsQuery = graphql(`
  query DatasetColumns($id: ID!) {
    dataset(id: $id) {
      id
      columnNames
      columnCount
      columnDelimiter
    }
  }
`);
