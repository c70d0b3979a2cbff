import { ChunkFooter } from './ChunkFooter';
import { useLineChunks } from './useLineChunks';

/** A text dataset as numbered lines (an ordered list, monospace), a chunk at a time. */
export function TextView({ datasetId, name }: { datasetId: string; name: string }) {
  const chunks = useLineChunks(datasetId);
  const digits = String(chunks.lines.length).length;
  return (
    <>
      {chunks.lines.length > 0 && (
        <ol className="dataset-lines" aria-label={`Lines of ${name}`} style={{ paddingLeft: `${digits + 3}ch` }}>
          {chunks.lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ol>
      )}
      <ChunkFooter chunks={chunks} moreLabel="Show more lines" />
    </>
  );
}
