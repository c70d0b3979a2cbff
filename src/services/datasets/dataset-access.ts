import type { Caller } from '../../context/caller';
import { type HistoryRef, mayChangeHistory } from '../histories';

/**
 * Who may read one history dataset (show, download, and see its content facts wherever it is
 * listed), as the platform's 15.05 HDA manager decides: administrators and the owner of its history
 * always; anyone else when they hold every access role of the underlying dataset, which a dataset
 * without access roles (public) grants to all, anonymous callers included (ids are unguessable
 * without the id secret). `datasetAccessible` comes from the same SQL predicate the library datasets
 * use (`datasetAccessibleSql`), read in the dataset's statement.
 * Listing a history's contents keeps the history's own rules (history-access.ts); a listed dataset
 * the caller may not read is shown in its inaccessible form (inaccessible-view.ts).
 */
export function mayReadDataset(caller: Caller, hda: { history: HistoryRef; datasetAccessible: boolean }): boolean {
  return mayChangeHistory(caller, hda.history) || hda.datasetAccessible;
}

/**
 * How a read of one history's datasets applies `mayReadDataset` (the history is the same for every
 * row): `all` when the caller may change the history (its owner, administrators: every dataset is
 * readable, and the statement computes nothing), `roles` otherwise (each dataset by its access roles,
 * `datasetAccessibleSql`, in the read's statement).
 */
export type DatasetReadAccess = 'all' | 'roles';

export function readAccessIn(caller: Caller, history: HistoryRef): DatasetReadAccess {
  return mayChangeHistory(caller, history) ? 'all' : 'roles';
}
