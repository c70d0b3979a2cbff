/**
 * An html dataset in a frame that is sandboxed on both ends: the display route serves it sanitized
 * (SANITIZE_ALL_HTML) with `Content-Security-Policy: sandbox`, and the frame's own `sandbox=""` (no
 * allow-scripts, no allow-same-origin) gives it an opaque origin where nothing runs, whatever the
 * server sends. Its links and forms go nowhere (no allow-popups, no allow-top-navigation).
 */
export function HtmlView({ url, name }: { url: string; name: string }) {
  return <iframe className="dataset-html" sandbox="" src={url} title={`Contents of ${name}`} referrerPolicy="no-referrer" />;
}
