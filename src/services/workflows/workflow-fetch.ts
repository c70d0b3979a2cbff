import { describeUrl, openUrl, UrlFetchError } from '../../http/url-fetch';
import { errors } from '../../errors/error-kinds';

/** A `.ga` file is small: anything longer is not a workflow worth reading into memory. */
export const MAX_WORKFLOW_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Reads the JSON document a http(s) URL answers, under the server's URL policy (public addresses
 * only unless ALLOW_PRIVATE_URL_FETCH): every failure is a clear RequestParameterInvalid.
 */
export async function fetchWorkflowJson(text: string, allowPrivate: boolean): Promise<unknown> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw errors.invalid('Give the address of a workflow file (an http or https URL).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw errors.invalid('Give the address of a workflow file (an http or https URL).');
  let body: string;
  try {
    const response = await openUrl(url, { allowPrivate, idleTimeoutMs: 30_000 });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_WORKFLOW_FILE_BYTES) {
        response.destroy();
        throw new UrlFetchError('too-large', `larger than ${MAX_WORKFLOW_FILE_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
    body = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof UrlFetchError) throw errors.invalid(`The workflow at ${describeUrl(url)} could not be read: ${error.message}`);
    throw error;
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw errors.invalid(`The file at ${describeUrl(url)} is not a workflow (.ga files are JSON).`);
  }
}
