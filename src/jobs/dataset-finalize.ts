import { blurb, datasetMetadata, peek, sniffFile } from '../datatypes';
import type { HistoryDatasetAssociation } from '../entities/hda.entity';

/**
 * Fills in what a stored file says about itself: its extension when still to be detected ('auto'),
 * its metadata, peek and blurb. The file is already in the object store.
 */
export async function describeStoredFile(hda: HistoryDatasetAssociation, path: string, size: number): Promise<void> {
  if (hda.extension === 'auto' || hda.extension === 'input' || !hda.extension) {
    hda.extension = await sniffFile(path, { detectCsv: true });
  }
  const metadata = await datasetMetadata(hda.extension, path);
  hda.metadata = { ...metadata, dbkey: hda.dbkey };
  hda.peek = await peek(hda.extension, path);
  hda.blurb = blurb(hda.extension, metadata, size);
}
