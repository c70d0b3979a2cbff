import { Field, Float, Int, ObjectType, registerEnumType } from 'type-graphql';

/** How a dataset's content can be shown (from its datatype's class in the registry). */
export enum DatasetDisplayKind {
  TABULAR = 'tabular',
  HTML = 'html',
  TEXT = 'text',
  IMAGE = 'image',
  BINARY = 'binary',
}

registerEnumType(DatasetDisplayKind, {
  name: 'DatasetDisplayKind',
  description:
    'TABULAR: the Tabular family (tabular, csv, interval, bed, …); HTML: an html document (shown from its display route in a sandboxed frame); TEXT: other text; IMAGE: an image a browser shows; BINARY: anything else.',
});

@ObjectType('DatasetTextChunk', { description: 'Lines of a text dataset, read from the start of its file up to the chunk.' })
export class DatasetTextChunkType {
  @Field(() => Int, { description: 'Number of the first line given (1-based).' })
  firstLine!: number;

  @Field(() => [String], { description: 'The lines, without their line ends; a line over 64 KB is cut.' })
  lines!: string[];

  @Field(() => Boolean, { description: 'Whether lines follow the chunk.' })
  hasMore!: boolean;

  @Field(() => Float, { description: "The whole file's size in bytes." })
  byteSize!: number;
}
