import { useEffect, useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';

/**
 * Datatypes whose display route may answer text/plain (SERVE_XSS_VULNERABLE_MIMETYPES off, the
 * default): an SVG can carry script, so it is never opened as a document, only shown as an image.
 */
const SVG_EXTENSIONS = ['svg'];

/**
 * An SVG's bytes fetched (the session cookie lets the browser in) and shown from a Blob typed
 * image/svg+xml: as an `<img>` an SVG is a picture, whose scripts and external loads a browser never
 * runs, whatever type the display route answered.
 */
function useSvgObjectUrl(url: string, enabled: boolean): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!enabled) return undefined;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(url, { credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const blob = new Blob([await res.arrayBuffer()], { type: 'image/svg+xml' });
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => !cancelled && setState({ src: null, failed: true }));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, enabled]);
  return state;
}

/** An image dataset shown inline from its display address (an SVG from a Blob, see above). */
export function ImageView({ url, name, extension }: { url: string; name: string; extension: string }) {
  const svg = SVG_EXTENSIONS.includes(extension);
  const fetched = useSvgObjectUrl(url, svg);
  const [failed, setFailed] = useState(false);
  if (failed || fetched.failed) return <ErrorMessage error="The image could not be shown; download it to open it." />;
  const src = svg ? fetched.src : url;
  if (!src) return <p role="status">Loading the image…</p>;
  return <img className="dataset-image" src={src} alt={`${name} (${extension} image)`} onError={() => setFailed(true)} />;
}
