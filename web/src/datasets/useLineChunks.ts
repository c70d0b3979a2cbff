import { useCallback, useEffect, useRef, useState } from 'react';
import { type CombinedError, useClient } from 'urql';
import { CHUNK_LINES, DatasetChunkQuery } from './dataset-content-documents';

export interface LineChunks {
  /** The lines read so far, from line 1. */
  lines: string[];
  hasMore: boolean;
  fetching: boolean;
  error: CombinedError | null;
  /** Reads the next chunk after the lines read so far. */
  more: () => void;
}

const EMPTY = { lines: [] as string[], hasMore: false, fetching: true, error: null as CombinedError | null };

/**
 * A dataset's lines, read chunk by chunk: the first chunk when the dataset opens, each next one on
 * demand (`more`), appended to the lines read so far.
 */
export function useLineChunks(datasetId: string): LineChunks {
  const client = useClient();
  const [state, setState] = useState(EMPTY);
  // Which dataset the answers belong to (an answer for an earlier one is dropped), and how many lines are read.
  const generation = useRef(0);
  const loaded = useRef(0);

  const load = useCallback(
    async (offset: number) => {
      const mine = generation.current;
      setState((current) => ({ ...current, fetching: true, error: null }));
      const result = await client.query(DatasetChunkQuery, { id: datasetId, offset, limit: CHUNK_LINES }, { requestPolicy: 'network-only' }).toPromise();
      if (mine !== generation.current) return;
      const chunk = result.data?.dataset.contents;
      if (!chunk) {
        setState((current) => ({ ...current, fetching: false, error: result.error ?? null }));
        return;
      }
      loaded.current = offset + chunk.lines.length;
      setState((current) => ({ lines: offset === 0 ? chunk.lines : [...current.lines, ...chunk.lines], hasMore: chunk.hasMore, fetching: false, error: null }));
    },
    [client, datasetId],
  );

  useEffect(() => {
    generation.current += 1;
    loaded.current = 0;
    setState(EMPTY);
    void load(0);
  }, [load]);

  const more = useCallback(() => void load(loaded.current), [load]);
  return { ...state, more };
}
