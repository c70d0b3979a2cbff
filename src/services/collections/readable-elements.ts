import { errors } from '../../errors/error-kinds';
import { type ElementView, leavesOf } from './collection-elements';

/**
 * A collection given to a job (a tool's collection input, a workflow's collection input) hands the
 * job every dataset at its leaves, and the job's outputs to the caller: reading the collection (its
 * history's rules) is not reading its elements, each of which the caller must be allowed to read
 * (`mayReadDataset`, computed with the elements: `ElementView.hda.accessible`).
 */
export function requireReadableElements(trees: Map<number, ElementView[]>, collectionId: number): void {
  const unreadable = leavesOf(trees, collectionId).find((leaf) => !leaf.hda.accessible);
  if (unreadable) throw errors.notAccessible(`Element ${unreadable.path.join(':')} of the collection is not accessible by the current user`);
}
