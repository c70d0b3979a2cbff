import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ListTable } from '../../ui/ListTable';
import { DeletedWorkflowsQuery, UndeleteWorkflowMutation } from './manage-documents';

/** The caller's deleted workflows (`/workflows?list=deleted`), each with "Undelete". */
export function DeletedWorkflows() {
  const [result] = useQuery({ query: DeletedWorkflowsQuery, requestPolicy: 'cache-and-network' });
  const [undeleted, undelete] = useMutation(UndeleteWorkflowMutation);
  return (
    <>
      <ErrorMessage error={result.error} what="Could not list the deleted workflows" />
      <ErrorMessage error={undeleted.error} what="Could not undelete" />
      <ListTable
        caption="Deleted workflows"
        rows={result.data?.deletedWorkflows}
        rowKey={(workflow) => workflow.id}
        empty="No deleted workflows."
        columns={[
          { header: 'Name', rowHeader: true, cell: (workflow) => <Link to={`/workflows/${workflow.id}`}>{workflow.name}</Link> },
          { header: 'Steps', cell: (workflow) => workflow.stepCount },
          { header: 'Deleted', cell: (workflow) => new Date(workflow.updateTime).toLocaleString() },
          {
            header: 'Actions',
            hideHeader: true,
            className: 'actions',
            cell: (workflow) => (
              <button type="button" aria-label={`Undelete ${workflow.name}`} disabled={undeleted.fetching} onClick={() => undelete({ id: workflow.id })}>
                Undelete
              </button>
            ),
          },
        ]}
      />
    </>
  );
}
