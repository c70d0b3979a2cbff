import type { RequestContext } from '../../context/request-context';
import { loadDatatypesRegistry } from '../../datatypes';
import type { DatasetMetadata } from '../../entities/hda.entity';
import type { HdaView } from '../../services/datasets/hda-view';
import { encoded } from '../shared/encoded-id';
import { hdaTags } from '../../services/tags/tag.loaders';

/**
 * A history dataset as the graph shows it: plain fields (encoded ids, flattened dataset state),
 * built once per item at the edge, so a 5,000-item listing runs no per-field resolvers.
 * Relations (tags, history, creating job) are resolved from `view` when asked for.
 */
export interface HdaNode {
  view: HdaView;
  id: string;
  historyId: string;
  datasetId: string;
  name: string;
  hid: number;
  extension: string;
  deleted: boolean;
  purged: boolean;
  visible: boolean;
  peek: string | null;
  annotation: string | null;
  createTime: Date;
  updateTime: Date;
  state: string;
  genomeBuild: string;
  misc_info: string | null;
  misc_blurb: string | null;
  fileSize: number;
  uuid: string;
  metadata: DatasetMetadata;
  dataType: string;
  fileName: string | null;
  toolVersion: string | null;
  /** Prefetched for a whole listing when the query asks for tags. */
  tags?: string[];
}

export function hdaNode(ctx: RequestContext, view: HdaView): HdaNode {
  return {
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
    peek: view.peek,
    annotation: view.annotation,
    createTime: view.createTime,
    updateTime: view.updateTime,
    state: view.dataset.state,
    genomeBuild: view.dbkey,
    misc_info: view.info,
    misc_blurb: view.blurb,
    toolVersion: view.toolVersion,
    fileSize: view.dataset.fileSize ?? 0,
    uuid: view.dataset.uuid,
    metadata: view.metadata,
    dataType: loadDatatypesRegistry().className(view.extension) ?? 'galaxy.datatypes.data.Data',
    fileName: ctx.caller.isAdmin ? ctx.services.layout.objects.pathOf(view.dataset) : null,
    tags: view.tags,
  };
}

/**
 * Nodes of a listing; with `withTags`, every item's tags are resolved in advance: fetched along with
 * the listing, or else from one query.
 */
export async function hdaNodes(ctx: RequestContext, views: readonly HdaView[], withTags = false): Promise<HdaNode[]> {
  const nodes = views.map((view) => hdaNode(ctx, view));
  if (withTags && nodes.some((node) => node.tags === undefined)) {
    const tags = await ctx.loaders.get(hdaTags).loadMany(views.map((view) => view.id));
    nodes.forEach((node, index) => {
      const itemTags = tags[index];
      node.tags = Array.isArray(itemTags) ? itemTags : [];
    });
  }
  return nodes;
}
