import { stringifyDocument } from 'urql';
import { graphql, type ResultOf, type VariablesOf } from '../graphql';

const RunUploadMutation = graphql(`
  mutation RunUpload($input: RunToolInput!) {
    runTool(input: $input) {
      outputs {
        name
        dataset {
          id
          hid
          name
          state
          historyId
        }
      }
    }
  }
`);

export type UploadOutcome = ResultOf<typeof RunUploadMutation>['runTool'];
type UploadVariables = VariablesOf<typeof RunUploadMutation>;

export type UploadSource = { kind: 'file'; file: File } | { kind: 'paste'; text: string; name: string };

export interface UploadRequest {
  /** null: the current history (the graph creates one for a visitor who has none). */
  historyId: string | null;
  /** An upload datatype extension, or 'auto' to let the platform detect it. */
  fileType: string;
  /** The genome build (dbkey); '?' when unknown. */
  genomeBuild: string;
  source: UploadSource;
}

export interface SentUpload {
  done: Promise<UploadOutcome>;
  abort(): void;
}

/** The upload tool's form for one file or one pasted text. */
function variablesOf(request: UploadRequest): UploadVariables {
  const common = { 'files_0|type': 'upload_dataset', file_type: request.fileType, dbkey: request.genomeBuild || '?' };
  if (request.source.kind === 'paste') {
    const inputs = { ...common, 'files_0|url_paste': request.source.text, ...(request.source.name ? { 'files_0|NAME': request.source.name } : {}) };
    return { input: { toolId: 'upload1', historyId: request.historyId, inputs } };
  }
  return { input: { toolId: 'upload1', historyId: request.historyId, inputs: common, files: [{ name: 'files_0|file_data', file: null }] } };
}

/** The body: JSON for pasted text, a GraphQL multipart request (operations, map, the file) for a file. */
function bodyOf(request: UploadRequest): { body: FormData | string; json: boolean } {
  const operations = { query: stringifyDocument(RunUploadMutation), operationName: 'RunUpload', variables: variablesOf(request) };
  if (request.source.kind === 'paste') return { body: JSON.stringify(operations), json: true };
  const form = new FormData();
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify({ 0: ['variables.input.files.0.file'] }));
  form.append('0', request.source.file, request.source.file.name);
  return { body: form, json: false };
}

interface GraphQLReply {
  data?: { runTool?: UploadOutcome } | null;
  errors?: Array<{ message: string }>;
}

/**
 * Runs the upload tool through /graphql with XMLHttpRequest (fetch reports no upload progress);
 * `onProgress` gets the fraction of the body sent.
 */
export function sendUpload(request: UploadRequest, onProgress: (fraction: number) => void): SentUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve, reject) => {
    xhr.open('POST', '/graphql');
    // Apollo's CSRF guard: a request a cross-site form could not send.
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    const { body, json } = bodyOf(request);
    if (json) xhr.setRequestHeader('content-type', 'application/json');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(new Error('The server could not be reached.'));
    xhr.onabort = () => reject(new Error('Cancelled.'));
    xhr.onload = () => {
      let reply: GraphQLReply;
      try {
        reply = JSON.parse(xhr.responseText) as GraphQLReply;
      } catch {
        return reject(new Error(`The server answered ${xhr.status} ${xhr.statusText}.`));
      }
      if (reply.errors?.length) return reject(new Error(reply.errors.map((error) => error.message).join(' ')));
      if (!reply.data?.runTool) return reject(new Error(`The server answered ${xhr.status} without a result.`));
      onProgress(1);
      resolve(reply.data.runTool);
    };
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
