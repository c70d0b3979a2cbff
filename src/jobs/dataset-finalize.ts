import { blurb, datasetMetadata, peek, sniffFile } from '../datatypes';
import type { DatasetMetadata } from '../entities/hda.entity';

/** What a stored file's description fills in: a history dataset or a library dataset version. */
export interface DescribedDataset {
  extension: string;
  dbkey: string;
  metadata: DatasetMetadata;
  peek: string | null;
  blurb: string | null;
}

/**
 * Fills in what a stored file says about itself: its extension when still to be detected ('auto'),
 * its metadata, peek and blurb. The file is already in the object store (or linked in place).
 */
export async function describeStoredFile(item: DescribedDataset, path: string, size: number): Promise<void> {
  if (item.extension === 'auto' || item.extension === 'input' || !item.extension) {
    item.extension = await sniffFile(path, { detectCsv: true });
  }
  const metadata = await datasetMetadata(item.extension, path);
  item.metadata = { ...metadata, dbkey: item.dbkey };
  item.peek = await peek(item.extension, path);
  item.blurb = blurb(item.extension, metadata, size);
}
