import type { RequestContext } from '../../context/request-context';
import { loadDatatypesRegistry } from '../../datatypes';
import type { DatasetMetadata } from '../../entities/hda.entity';
import { type HdaSummaryView, isDetailed, type WrittenHda, writtenHdaView } from '../../services/datasets';
import { type InaccessibleHdaView, shownView } from '../../services/datasets';
import { encoded } from '../shared/encoded-id';
import { hdaTags } from '../../services/tags';

/**
 * A history dataset as the graph shows it: plain fields (encoded ids, flattened dataset state),
 * built once per item at the edge, so a 5,000-item listing runs no per-field resolvers.
 * Relations (tags, history, creating job) are resolved from `view` when asked for. A node of a
 * summary read has only the summary fields: it is built for queries that ask for nothing else.
 * A dataset the caller may not read is built from its inaccessible form: `accessible` false, its
 * content facts null or empty.
 */
export interface HdaNode extends HdaNodeDetails {
  view: HdaSummaryView;
  accessible: boolean;
  id: string;
  historyId: string;
  datasetId: string;
  name: string;
  hid: number;
  extension: string;
  deleted: boolean;
  purged: boolean;
  visible: boolean;
  state: string;
  /** Prefetched for a whole listing when the query asks for tags. */
  tags?: string[];
}

/** The fields only a full read has. */
interface HdaNodeDetails {
  peek?: string | null;
  annotation?: string | null;
  createTime?: Date;
  updateTime?: Date;
  genomeBuild?: string | null;
  miscInfo?: string | null;
  miscBlurb?: string | null;
  /** The same two under their REST names (deprecated fields of the graph). */
  misc_info?: string | null;
  misc_blurb?: string | null;
  fileSize?: number;
  uuid?: string | null;
  metadata?: DatasetMetadata | null;
  dataType?: string;
  fileName?: string | null;
  toolVersion?: string | null;
  /** Of a read (a dataset just written leaves it to its resolver). */
  resubmitted?: boolean;
}

/**
 * The fields of HistoryContent a summary read provides (the others need a full read); the display
 * fields need only the id and extension (`contents` reads the dataset again, as its display route does).
 */
export const HDA_SUMMARY_FIELDS = [
  'id', 'historyId', 'datasetId', 'name', 'hid', 'extension', 'deleted', 'purged', 'visible', 'state', 'tags', 'accessible', '__typename',
  'displayKind', 'columnDelimiter', 'displayUrl', 'downloadUrl', 'contents',
] as const;

/**
 * The node of a read model (which says whether the caller may read it), or of a dataset a mutation
 * or a tool run just wrote (an entity).
 */
export function hdaNode(ctx: RequestContext, read: HdaSummaryView | WrittenHda): HdaNode {
  const readView = 'accessible' in read ? read : writtenHdaView(ctx.caller, read);
  const view = shownView(readView, readView.accessible);
  const node: HdaNode = {
    view,
    id: encoded(ctx, view.id),
    historyId: encoded(ctx, view.history.id),
    datasetId: encoded(ctx, view.dataset.id),
    name: view.name,
    hid: view.hid,
    extension: view.extension,
    deleted: view.deleted,
    purged: view.purged,
    visible: view.visible,
    state: view.dataset.state,
    tags: view.tags,
    accessible: view.accessible,
  };
  if (!view.accessible) {
    // Only what the inaccessible form keeps; every content fact answers null or empty.
    const hidden = view as InaccessibleHdaView;
    node.tags = [];
    node.createTime = hidden.createTime;
    node.updateTime = hidden.updateTime;
    node.peek = null;
    node.annotation = null;
    node.genomeBuild = null;
    node.miscInfo = node.misc_info = null;
    node.miscBlurb = node.misc_blurb = null;
    node.toolVersion = null;
    node.resubmitted = false;
    node.fileSize = 0;
    node.uuid = null;
    node.metadata = null;
    node.dataType = dataTypeOf(view.extension);
    node.fileName = null;
  } else if (isDetailed(view)) {
    node.peek = view.peek;
    node.annotation = view.annotation;
    node.createTime = view.createTime;
    node.updateTime = view.updateTime;
    node.genomeBuild = view.dbkey;
    node.miscInfo = node.misc_info = view.info;
    node.miscBlurb = node.misc_blurb = view.blurb;
    node.toolVersion = view.toolVersion;
    node.resubmitted = view.resubmitted;
    node.fileSize = view.dataset.fileSize ?? 0;
    node.uuid = view.dataset.uuid;
    node.metadata = view.metadata;
    node.dataType = dataTypeOf(view.extension);
    node.fileName = ctx.caller.isAdmin ? ctx.services.layout.objects.pathOf(view.dataset) : null;
  }
  return node;
}

const dataTypeOf = (extension: string) => loadDatatypesRegistry().className(extension) ?? 'galaxy.datatypes.data.Data';

/**
 * Nodes of a listing; with `withTags`, every item's tags are resolved in advance: fetched along with
 * the listing, or else from one query.
 */
export async function hdaNodes(ctx: RequestContext, views: readonly HdaSummaryView[], withTags = false): Promise<HdaNode[]> {
  const nodes = views.map((view) => hdaNode(ctx, view));
  // Only the nodes without tags yet: an inaccessible one shows none.
  const untagged = withTags ? nodes.filter((node) => node.tags === undefined) : [];
  if (untagged.length > 0) {
    const tags = await ctx.loaders.get(hdaTags).loadMany(untagged.map((node) => node.view.id));
    untagged.forEach((node, index) => {
      const itemTags = tags[index];
      node.tags = Array.isArray(itemTags) ? itemTags : [];
    });
  }
  return nodes;
}
