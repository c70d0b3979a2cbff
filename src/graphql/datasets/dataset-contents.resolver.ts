import { Arg, Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { columnDelimiterOf, displayKindOf } from '../../services/datasets';
import { columnsOfDataset, type DatasetColumns } from '../../services/datasets';
import { datasetDisplayUrl, datasetDownloadUrl } from '../../services/datasets';
import { MAX_CHUNK_LINES, readTextChunk, type TextChunk } from '../../services/datasets';
import type { HdaNode } from './hda-node';
import { DatasetDisplayKind, DatasetTextChunkType } from './dataset-contents.type';
import { HistoryContentType } from './history-content.type';

const columnsOf = (ctx: RequestContext, hda: HdaNode): Promise<DatasetColumns> =>
  ctx.loaders.get(columnsOfDataset).load({ view: hda.view, encodedId: hda.id, metadata: hda.metadata });

/** A history dataset's content for display: what kind it is, its lines, its columns, its addresses. */
@Resolver(() => HistoryContentType)
export class DatasetContentsResolver {
  @FieldResolver(() => DatasetDisplayKind, { description: 'How its content can be shown (from its datatype).' })
  displayKind(@Root() hda: HdaNode): DatasetDisplayKind {
    return displayKindOf(hda.extension) as DatasetDisplayKind;
  }

  @FieldResolver(() => DatasetTextChunkType, {
    nullable: true,
    description: `Lines of a text (or tabular) dataset, \`limit\` (at most ${MAX_CHUNK_LINES}) after the first \`offset\`; as its display route allows (same rules). A dataset that is not text is refused (null, with the error, in a listing).`,
  })
  contents(
    @Root() hda: HdaNode,
    @Ctx() ctx: RequestContext,
    @Arg('offset', () => Int, { defaultValue: 0 }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 200 }) limit: number,
  ): Promise<TextChunk> {
    return readTextChunk(ctx, hda.view, hda.id, offset, limit);
  }

  @FieldResolver(() => [String], { nullable: true, description: "A tabular dataset's column names: its metadata's column_names, else a leading '#' header line; null when neither." })
  async columnNames(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<string[] | null> {
    return (await columnsOf(ctx, hda)).names;
  }

  @FieldResolver(() => Int, { nullable: true, description: "A tabular dataset's number of columns (metadata, header or first data line); null when not tabular." })
  async columnCount(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<number | null> {
    return (await columnsOf(ctx, hda)).count;
  }

  @FieldResolver(() => String, { nullable: true, description: 'What separates the columns of a tabular dataset (a tab; a comma for csv); null when not tabular.' })
  columnDelimiter(@Root() hda: HdaNode): string | null {
    return columnDelimiterOf(hda.extension);
  }

  @FieldResolver(() => String, { description: 'Its content as the REST display route serves it (the session cookie or an API key authenticates).' })
  displayUrl(@Root() hda: HdaNode): string {
    return datasetDisplayUrl(hda.id);
  }

  @FieldResolver(() => String, { description: 'Its download in its own format (the display route with to_ext).' })
  downloadUrl(@Root() hda: HdaNode): string {
    return datasetDownloadUrl(hda.id, hda.extension);
  }
}
