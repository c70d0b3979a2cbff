/**
 * The display and download addresses of a history dataset: the platform's REST display route, which
 * takes the browser's session cookie as the graph does (and an API key, for other clients).
 */
export const datasetDisplayUrl = (encodedId: string): string => `/api/datasets/${encodeURIComponent(encodedId)}/display`;

/** The download (Content-Disposition: attachment) in the dataset's own format. */
export const datasetDownloadUrl = (encodedId: string, extension: string): string => `${datasetDisplayUrl(encodedId)}?to_ext=${encodeURIComponent(extension)}`;
