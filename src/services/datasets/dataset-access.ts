import type { Caller } from '../../context/caller';
import { type HistoryRef, mayChangeHistory } from '../histories/history-access';

/**
 * Who may read one history dataset (show, download), as the platform's 15.05 HDA manager decides:
 * administrators and the owner of its history always; anyone else when they hold every access role
 * of the underlying dataset, which a dataset without access roles (public) grants to all, anonymous
 * callers included (ids are unguessable without the id secret). `datasetAccessible` comes from the
 * same SQL predicate the library datasets use (`datasetAccessibleSql`), read in the dataset's statement.
 * Listing a history's contents keeps the history's own rules (history-access.ts).
 */
export function mayReadDataset(caller: Caller, hda: { history: HistoryRef; datasetAccessible: boolean }): boolean {
  return mayChangeHistory(caller, hda.history) || hda.datasetAccessible;
}
