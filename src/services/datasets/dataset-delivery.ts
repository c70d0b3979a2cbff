import { stat } from 'node:fs/promises';
import type { AppConfig } from '../../config/app-config';
import type { ContextWith } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import type { DatasetFile } from './dataset-file';
import type { HdaService } from './hda.service';

/** A `preview` of a larger file sends its first megabyte only, as the platform does (images are sent whole). */
export const PREVIEW_BYTES = 1_000_000;

/**
 * Types a browser runs script in when it opens them: the platform 15.05's XSS_VULNERABLE_MIME_TYPES
 * (`image/svg+xml`, `application/xml`), and beyond it every other XML a browser renders as a document
 * (XHTML, XSLT, any `+xml` type, whose `xhtml:script` or SVG islands run) and the multipart type some
 * browsers render part by part. text/html has its own setting (SANITIZE_ALL_HTML).
 */
const XSS_VULNERABLE_MIMETYPES = new Set([
  'image/svg+xml',
  'application/xml',
  'text/xml',
  'application/xhtml+xml',
  'text/xsl',
  'application/xslt+xml',
  'text/xml-external-parsed-entity',
  'application/xml-external-parsed-entity',
  'application/xml-dtd',
  'application/vnd.wap.xhtml+xml',
  'multipart/x-mixed-replace',
]);

/** The type without parameters, lowercase. */
const essence = (mimetype: string) => mimetype.split(';')[0].trim().toLowerCase();

export function isXssVulnerableMimetype(mimetype: string): boolean {
  const type = essence(mimetype);
  return XSS_VULNERABLE_MIMETYPES.has(type) || type.endsWith('+xml');
}

export type DisplaySettings = AppConfig['datasetDisplay'];

/** The platform's `_clean_and_set_mime_type`: a script-capable type is served as text/plain unless configured otherwise. */
export function servedMimetype(mimetype: string, settings: DisplaySettings): string {
  return !settings.serveXssVulnerableMimetypes && isXssVulnerableMimetype(mimetype) ? 'text/plain' : mimetype;
}

/** How the bytes go out: the file itself (HTTP ranges too), its first `byteLimit` bytes, or its sanitized markup. */
export type DeliveryMode = 'file' | 'head' | 'sanitized';

export interface DatasetDelivery {
  mode: DeliveryMode;
  /** The Content-Type header. */
  contentType: string;
  /** `head`: the bytes sent; `sanitized`: the most bytes read to sanitize. */
  byteLimit: number | null;
  /** The Content-Disposition header of a download (`to_ext`). */
  disposition: string | null;
}

export interface DeliveryRequest {
  preview: boolean;
  /** `to_ext` when given (a download; empty: the dataset's own extension); null when not. */
  toExt: string | null;
}

/** A download's extension as a file name part: only characters safe in a quoted header value. */
const safeExtension = (extension: string) => extension.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * What the display routes answer for a dataset (the platform 15.05's `display_data`, made stricter):
 * - `to_ext` downloads the file as it is (an attachment never renders; ranges work), under its
 *   served type;
 * - an html dataset (served as text/html) is sanitized whole when SANITIZE_ALL_HTML is on and it is
 *   at most SANITIZE_HTML_MAX_BYTES, `preview` or not (the platform sanitized every html answer);
 *   a larger one is served as its source, text/plain, rather than read whole into memory;
 * - a `preview` of anything else larger than a megabyte sends its first megabyte (images whole);
 * - otherwise the file, with HTTP ranges.
 * Every answer also carries the sandboxing headers (`rest-shim/core/file-answer-headers.ts`).
 */
export function deliveryOf(
  file: Pick<DatasetFile, 'mimetype' | 'filename' | 'extension'> & { size: number },
  request: DeliveryRequest,
  settings: DisplaySettings,
): DatasetDelivery {
  let contentType = servedMimetype(file.mimetype, settings);
  if (request.toExt !== null) {
    return { mode: 'file', contentType, byteLimit: null, disposition: `attachment; filename="${file.filename}.${safeExtension(request.toExt || file.extension)}"` };
  }
  if (essence(contentType) === 'text/html' && settings.sanitizeAllHtml) {
    if (file.size <= settings.sanitizeHtmlMaxBytes) return { mode: 'sanitized', contentType: 'text/html; charset=utf-8', byteLimit: settings.sanitizeHtmlMaxBytes, disposition: null };
    contentType = 'text/plain';
  }
  if (request.preview && !file.mimetype.startsWith('image/') && file.size > PREVIEW_BYTES) return { mode: 'head', contentType, byteLimit: PREVIEW_BYTES, disposition: null };
  return { mode: 'file', contentType, byteLimit: null, disposition: null };
}

export type DeliveredDatasetFile = DatasetFile & DatasetDelivery & { size: number };

/** The file of a dataset the caller may read (the display route's checks) and how to answer it. */
export async function deliverDatasetFile(ctx: ContextWith<{ hdas: HdaService }>, encodedId: string, request: DeliveryRequest): Promise<DeliveredDatasetFile> {
  const file = await ctx.services.hdas.fileOf(ctx, encodedId);
  const found = await stat(file.path).catch(() => null);
  if (!found) throw errors.notFound('The dataset file was not found.');
  return { ...file, size: found.size, ...deliveryOf({ ...file, size: found.size }, request, ctx.services.config.datasetDisplay) };
}
