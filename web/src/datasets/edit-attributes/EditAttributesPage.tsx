import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { NO_PERMISSION } from '../../ui/no-permission';
import { Page } from '../../ui/Page';
import { AttributesForm } from './AttributesForm';
import { DatatypeForm } from './DatatypeForm';
import { EditAttributesQuery } from './edit-attributes-documents';

/**
 * `/datasets/:datasetId/edit`: 15.05's "Edit attributes" of a dataset: its name, info, annotation and
 * Database/Build (from the installation's builds list), its metadata read again ("Auto-detect"), and
 * its datatype (one of the registry's, or "auto-detect" from the file's content).
 */
export function EditAttributesPage() {
  const { datasetId = '' } = useParams();
  const [result] = useQuery({ query: EditAttributesQuery, variables: { id: datasetId } });
  const data = result.data;
  const dataset = data?.dataset;
  if (!data || !dataset) {
    return (
      <Page title="Edit attributes">
        <ErrorMessage error={result.error} what="Could not open the dataset" />
        {result.fetching && <p role="status">Loading…</p>}
      </Page>
    );
  }
  const label = `${dataset.hid}: ${dataset.name}`;
  const back = (
    <p>
      <Link to={`/datasets/${dataset.id}`}>Display data</Link> · <Link to={`/histories/${dataset.historyId}`}>Back to its history</Link>
    </p>
  );
  if (!dataset.accessible || !dataset.history.viewerCan.change) {
    return (
      <Page title={`Edit attributes of ${label}`}>
        {back}
        <p className="notice-inaccessible">{dataset.accessible ? 'Only who may change its history may edit the attributes of this dataset.' : NO_PERMISSION}</p>
      </Page>
    );
  }
  if (dataset.purged) {
    return (
      <Page title={`Edit attributes of ${label}`}>
        {back}
        <p className="notice-purged">Purged: its attributes cannot change.</p>
      </Page>
    );
  }
  return (
    <Page title={`Edit attributes of ${label}`}>
      {back}
      <AttributesForm dataset={dataset} builds={data.genomeBuilds} />
      <DatatypeForm dataset={dataset} datatypes={data.datatypes} />
    </Page>
  );
}
