import './builders.css';
import { ListBuilder } from './ListBuilder';
import { PairBuilder } from './PairBuilder';
import { PairListBuilder } from './PairListBuilder';
import type { BuilderDataset } from './pairing';

export interface BuilderProps {
  historyId: string;
  /** The selected datasets, oldest first. */
  datasets: readonly BuilderDataset[];
  onCreated(collection: { id: string; hid: number; name: string; elementCount: number }): void;
  onCancel(): void;
}

/** The builder of one collection type from the history panel's selection (loaded on demand: `React.lazy`). */
export default function CollectionBuilder({ kind, ...props }: BuilderProps & { kind: 'list' | 'paired' | 'list:paired' }) {
  if (kind === 'list') return <ListBuilder {...props} />;
  if (kind === 'paired') return <PairBuilder {...props} />;
  return <PairListBuilder {...props} />;
}
