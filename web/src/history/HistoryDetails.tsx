import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { AnnotationEditor } from './AnnotationEditor';
import { EditHistoryMutation, PurgeHistoryMutation, UndeleteHistoryMutation } from './history-mutations';
import { PurgeButton } from './PurgeButton';
import { TagChips, TagEditor } from './TagEditor';

export interface HistoryFacts {
  id: string;
  name: string;
  annotation: string | null;
  tags: readonly string[];
  deleted: boolean;
  purged: boolean;
}

/**
 * Under a history's title: its tags and annotation (edited in place by whoever may change it), and
 * for a deleted history, undelete and purge; a purged one says it cannot come back.
 */
export function HistoryDetails({ history, editable }: { history: HistoryFacts; editable: boolean }) {
  const [edited, editHistory] = useMutation(EditHistoryMutation);
  const [undeleted, undeleteHistory] = useMutation(UndeleteHistoryMutation);
  const [, purgeHistory] = useMutation(PurgeHistoryMutation);
  const owner = `history ${history.name}`;
  const change = async (changes: Record<string, unknown>) => (await editHistory({ id: history.id, changes })).error;
  const mayEdit = editable && !history.purged;

  return (
    <div className="history-details">
      {mayEdit ? <TagEditor tags={history.tags} owner={owner} onSave={(tags) => change({ tags })} /> : <TagChips tags={history.tags} label={`Tags of ${owner}`} />}
      <AnnotationEditor annotation={history.annotation} owner={owner} onSave={mayEdit ? (annotation) => change({ annotation }) : undefined} />
      <ErrorMessage error={edited.error} />
      {history.purged ? (
        <p className="notice-purged">This history is purged: its datasets’ files are removed, and it cannot be undeleted.</p>
      ) : (
        history.deleted &&
        editable && (
          <div className="actions">
            <span>This history is deleted.</span>
            <button type="button" onClick={() => undeleteHistory({ id: history.id })}>
              Undelete history
            </button>
            <PurgeButton what={owner} onPurge={async () => (await purgeHistory({ id: history.id })).error} />
          </div>
        )
      )}
      <ErrorMessage error={undeleted.error} what="Could not undelete the history" />
    </div>
  );
}
