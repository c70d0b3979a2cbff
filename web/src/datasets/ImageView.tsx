import { useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';

/** An image dataset shown inline from its display address (the session cookie lets the browser in). */
export function ImageView({ url, name, extension }: { url: string; name: string; extension: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <ErrorMessage error="The image could not be shown; download it to open it." />;
  return <img className="dataset-image" src={url} alt={`${name} (${extension} image)`} onError={() => setFailed(true)} />;
}
