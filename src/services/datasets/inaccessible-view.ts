import type { HdaSummaryView, HdaView } from './hda-view';

/**
 * A dataset as a caller who may not read it sees it wherever it is listed (history listings, pages
 * and streams, change events, collection elements, job inputs and outputs): its place and state
 * (the platform's `inaccessible` view: id, name, history, hid, state, deleted, visible; here also
 * its datatype, purged flag and times), never a content fact: no peek, metadata, info, blurb, size,
 * uuid, genome build, file paths, tags, annotation, permissions or tool version.
 */
export interface InaccessibleHdaView extends HdaSummaryView {
  accessible: false;
  /** The times, when the read had them (a full read): they tell nothing of the content. */
  createTime?: Date;
  updateTime?: Date;
}

/**
 * The one way a read model becomes its inaccessible form (it is idempotent). Tags, when the read
 * fetched them, are emptied rather than dropped, so that nothing reads them again.
 */
export function inaccessibleView(view: HdaSummaryView): InaccessibleHdaView {
  const shown: InaccessibleHdaView = {
    id: view.id,
    hid: view.hid,
    name: view.name,
    extension: view.extension,
    visible: view.visible,
    deleted: view.deleted,
    purged: view.purged,
    history: { id: view.history.id },
    dataset: { id: view.dataset.id, state: view.dataset.state },
    tags: view.tags === undefined ? undefined : [],
    accessible: false,
  };
  // A full read (or an inaccessible form made of one) has its times.
  const times = view as Partial<Pick<HdaView, 'createTime' | 'updateTime'>>;
  if (times.createTime !== undefined) {
    shown.createTime = times.createTime;
    shown.updateTime = times.updateTime;
  }
  return shown;
}

/** A read's view as the caller may see it: itself when accessible, else its inaccessible form. */
export const shownView = <View extends HdaSummaryView>(view: View, accessible: boolean): View | InaccessibleHdaView =>
  accessible ? view : inaccessibleView(view);
