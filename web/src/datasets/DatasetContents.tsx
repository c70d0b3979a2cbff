import { HtmlView } from './HtmlView';
import { ImageView } from './ImageView';
import { SHOWABLE_STATES } from './dataset-content-documents';
import { TabularView } from './TabularView';
import { TextView } from './TextView';

export interface ShownDataset {
  id: string;
  name: string;
  extension: string;
  state: string;
  purged: boolean;
  displayKind: 'TABULAR' | 'HTML' | 'TEXT' | 'IMAGE' | 'BINARY';
  displayUrl: string;
}

/** A dataset's content as its datatype shows best: a table, a sandboxed html frame, numbered lines, an image, or a word on binary data. */
export function DatasetContents({ dataset }: { dataset: ShownDataset }) {
  if (dataset.purged) return <p>This dataset has been purged: its content is gone.</p>;
  if (!SHOWABLE_STATES.includes(dataset.state)) return <p role="status">The content shows once the dataset is ready (it is {dataset.state}).</p>;
  switch (dataset.displayKind) {
    case 'TABULAR':
      return <TabularView key={dataset.id} datasetId={dataset.id} name={dataset.name} />;
    case 'HTML':
      return <HtmlView key={dataset.id} url={dataset.displayUrl} name={dataset.name} />;
    case 'TEXT':
      return <TextView key={dataset.id} datasetId={dataset.id} name={dataset.name} />;
    case 'IMAGE':
      return <ImageView key={dataset.id} url={dataset.displayUrl} name={dataset.name} extension={dataset.extension} />;
    default:
      return <p>This dataset is binary ({dataset.extension}): download it to open it.</p>;
  }
}
