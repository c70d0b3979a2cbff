import { useQuery } from 'urql';
import { graphql } from '../graphql';
import type { HistoryDatasetItem } from './useHistoryItems';

const DatasetErrorQuery = graphql(`
  query DatasetError($id: ID!) {
    dataset(id: $id) {
      id
      creatingJob {
        id
        exitCode
        stderr
      }
    }
  }
`);

/**
 * What went wrong with a dataset in error: its own message (the platform's info) and the error output
 * of the job that made it, read when the line is opened.
 */
export function DatasetError({ dataset }: { dataset: HistoryDatasetItem }) {
  const [result] = useQuery({ query: DatasetErrorQuery, variables: { id: dataset.id } });
  const job = result.data?.dataset.creatingJob;
  const label = `${dataset.hid}: ${dataset.name}`;
  return (
    <section className="dataset-error" aria-label={`Error of dataset ${label}`}>
      <p role="alert" className="error">
        An error occurred with this dataset: {dataset.miscInfo || 'the job that made it failed.'}
      </p>
      {job?.stderr ? (
        <pre className="job-text" aria-label="Error output (stderr)">
          {job.stderr}
        </pre>
      ) : null}
    </section>
  );
}
