import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatSize } from '../ui/format-size';
import { Page } from '../ui/Page';
import { DatasetContents } from './DatasetContents';
import { paramRows, uploadParamRows } from './upload-params';
import { hasNothingToDownload } from './dataset-states';

const DatasetQuery = graphql(`
  query DatasetDetails($id: ID!) {
    dataset(id: $id) {
      id
      hid
      name
      state
      extension
      fileSize
      genomeBuild
      miscBlurb
      miscInfo
      createTime
      historyId
      purged
      displayKind
      displayUrl
      downloadUrl
      creatingJob {
        id
        toolId
        toolVersion
        state
        exitCode
        params
        stdout
        stderr
      }
    }
  }
`);

/**
 * `/datasets/:datasetId`: a dataset's facts, its content (a table, numbered lines or an image, as its
 * datatype shows best), the job that made it (parameters, stdout, stderr) and its download.
 */
export function DatasetPage() {
  const { datasetId = '' } = useParams();
  const [result] = useQuery({ query: DatasetQuery, variables: { id: datasetId } });
  const dataset = result.data?.dataset;
  if (!dataset) {
    return (
      <Page title="Dataset">
        <ErrorMessage error={result.error} what="Could not open the dataset" />
        {result.fetching && <p role="status">Loading…</p>}
      </Page>
    );
  }
  const job = dataset.creatingJob;
  return (
    <Page title={`${dataset.hid}: ${dataset.name}`}>
      <ErrorMessage error={result.error} />
      <p>
        <Link to={`/histories/${dataset.historyId}`}>Back to its history</Link>
        {!dataset.purged && !hasNothingToDownload(dataset) && (
          <>
            {' · '}
            <a href={dataset.downloadUrl} download>
              Download ({dataset.extension})
            </a>
          </>
        )}
      </p>
      <dl className="facts">
        <dt>State</dt>
        <dd className={`state state-${dataset.state}`}>{dataset.state}</dd>
        <dt>Format</dt>
        <dd>{dataset.extension}</dd>
        <dt>Size</dt>
        <dd>{formatSize(dataset.fileSize)}</dd>
        <dt>Database/build</dt>
        <dd>{dataset.genomeBuild}</dd>
        <dt>Created</dt>
        <dd>{new Date(dataset.createTime).toLocaleString()}</dd>
        {dataset.miscBlurb && (
          <>
            <dt>Summary</dt>
            <dd>{dataset.miscBlurb}</dd>
          </>
        )}
        {dataset.miscInfo && (
          <>
            <dt>Info</dt>
            <dd>{dataset.miscInfo}</dd>
          </>
        )}
      </dl>
      <h2>Contents</h2>
      <DatasetContents dataset={dataset} />
      <h2>Job</h2>
      {job ? (
        <>
          <dl className="facts">
            <dt>Tool</dt>
            <dd>
              {job.toolId} {job.toolVersion}
            </dd>
            <dt>Job state</dt>
            <dd>{job.state}</dd>
            <dt>Exit code</dt>
            <dd>{job.exitCode ?? '—'}</dd>
          </dl>
          <h3>Parameters</h3>
          <table className="parameters">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {(job.toolId === 'upload1' ? uploadParamRows(job.params) : paramRows(job.params)).map((row) => (
                <tr key={row.name}>
                  <th scope="row">{row.name}</th>
                  <td>
                    <code>{row.value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Standard output</h3>
          <pre className="job-text" aria-label="Standard output">{job.stdout || '(empty)'}</pre>
          <h3>Standard error</h3>
          <pre className="job-text" aria-label="Standard error">{job.stderr || '(empty)'}</pre>
        </>
      ) : (
        <p>The job that created this dataset is not available to you.</p>
      )}
    </Page>
  );
}
