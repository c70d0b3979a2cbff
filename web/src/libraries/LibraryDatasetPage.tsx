import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatSize } from '../ui/format-size';
import { Page } from '../ui/Page';
import { ImportDatasetButton } from './ImportDatasetButton';
import { LibraryDatasetQuery } from './library-documents';
import { peekLines } from '../datasets/peek-lines';
import { useViewer } from '../account/viewer';
import { PermissionsSection } from './permissions/PermissionsSection';

/** `/libraries/:libraryId/datasets/:datasetId`: a library dataset's current version, to import or download. */
export function LibraryDatasetPage() {
  const { libraryId = '', datasetId = '' } = useParams();
  const [result] = useQuery({ query: LibraryDatasetQuery, variables: { id: datasetId } });
  const dataset = result.data?.libraryDataset;
  const { viewer } = useViewer();
  if (result.error) return <Page title="Library dataset"><ErrorMessage error={result.error} what="Could not open the dataset" /></Page>;
  if (!dataset) return <Page title="Library dataset"><p role="status">Loading…</p></Page>;
  const version = dataset.current;
  // fullPath: the folders from the root down, then the dataset itself.
  const folders = dataset.fullPath.slice(0, -1);
  const crumbs = [
    { label: 'Libraries', to: '/libraries' },
    ...folders.map((folder, index) => ({ label: folder.name, to: index === 0 ? `/libraries/${libraryId}` : `/libraries/${libraryId}/folders/${folder.id}` })),
    { label: dataset.name },
  ];
  const download = `/api/libraries/datasets/download/uncompressed?ld_ids=${encodeURIComponent(dataset.id)}`;
  return (
    <Page title={dataset.name} actions={<div className="actions"><ImportDatasetButton libraryDatasetId={dataset.id} name={dataset.name} /><a href={download}>Download</a></div>}>
      <Breadcrumbs crumbs={crumbs} />
      {viewer?.isAdmin && <PermissionsSection item="dataset" id={dataset.id} />}
      <dl className="facts">
        <dt>Datatype</dt>
        <dd>{version.fileExt}</dd>
        <dt>Size</dt>
        <dd>{formatSize(version.fileSize)}</dd>
        <dt>Genome build</dt>
        <dd>{version.genomeBuild}</dd>
        <dt>State</dt>
        <dd className={`state state-${version.state}`}>{version.state}</dd>
        <dt>Uploaded by</dt>
        <dd>{version.uploadedBy ?? 'unknown'}</dd>
        <dt>Date</dt>
        <dd>{new Date(version.createTime).toLocaleString()}</dd>
        {version.miscBlurb && (
          <>
            <dt>Summary</dt>
            <dd>{version.miscBlurb}</dd>
          </>
        )}
        {version.miscInfo && (
          <>
            <dt>Info</dt>
            <dd>{version.miscInfo}</dd>
          </>
        )}
        {version.message && (
          <>
            <dt>Message</dt>
            <dd>{version.message}</dd>
          </>
        )}
        <dt>Earlier versions</dt>
        <dd>{dataset.expiredVersions.length === 0 ? 'none' : dataset.expiredVersions.map((expired) => expired.name).join(', ')}</dd>
      </dl>
      {version.peek && (
        <>
          <h2>Peek</h2>
          <pre className="peek" aria-label="Peek">
            {peekLines(version.peek).join('\n')}
          </pre>
        </>
      )}
    </Page>
  );
}
