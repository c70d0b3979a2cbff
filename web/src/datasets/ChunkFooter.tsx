import { ErrorMessage } from '../ui/ErrorMessage';
import type { LineChunks } from './useLineChunks';

/** Below a dataset's lines: how many are shown, the button that reads the next chunk, a failure. */
export function ChunkFooter({ chunks, moreLabel }: { chunks: LineChunks; moreLabel: string }) {
  const count = chunks.lines.length;
  const status = chunks.fetching
    ? 'Loading…'
    : count === 0
      ? chunks.error
        ? ''
        : 'This dataset is empty.'
      : `Lines 1–${count} shown${chunks.hasMore ? '' : ', the whole dataset'}.`;
  return (
    <div className="chunk-footer">
      <ErrorMessage error={chunks.error} what="Could not read the dataset" />
      <p role="status" className="muted">
        {status}
      </p>
      {chunks.hasMore && (
        <button type="button" onClick={chunks.more} disabled={chunks.fetching}>
          {moreLabel}
        </button>
      )}
    </div>
  );
}
