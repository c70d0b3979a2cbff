import type { Response } from 'express';

/**
 * Headers of every answer that sends stored content (dataset display and downloads, library
 * downloads, history archives, job files, job stdout/stderr): the browser takes the Content-Type as
 * given (`nosniff`: no text/plain sniffed into HTML) and renders the answer as a sandboxed document
 * (CSP `sandbox` without `allow-scripts` or `allow-same-origin`): no script runs in it, and it is of
 * an opaque origin, not the service's. So even content served raw by an administrator's choice
 * (SANITIZE_ALL_HTML=false, SERVE_XSS_VULNERABLE_MIMETYPES=true) cannot script the web UI's origin.
 */
export const FILE_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': 'sandbox',
};

/** Sets the headers above; call it before anything is sent. */
export function setFileAnswerHeaders(res: Response): void {
  for (const [name, value] of Object.entries(FILE_ANSWER_HEADERS)) res.setHeader(name, value);
}
