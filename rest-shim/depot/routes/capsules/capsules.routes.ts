import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { errors } from '../../../../src/errors/error-kinds';
import { route, type RouteSpec } from '../../../core/route';
import type { RouteInput } from '../../../core/route-input';

const depotUrlOf = (input: RouteInput) => input.string('depot_url') ?? input.string('tool_shed_url') ?? null;

/** A path on the depot's server: text only (a number, a boolean or a list names no path). */
function pathParameter(input: RouteInput, name: string): string | null {
  const value = input.get(name);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw errors.invalid(`${name} must be a path (text).`);
  return value;
}

/** `POST /api/repository_revisions/export` and `POST /api/repositories/new/import_capsule` (contract area `depot`). */
export const capsuleRoutes: RouteSpec[] = [
  route<{ exportRepositoryRevision: { error: string | null; downloadUrl: string | null; errorMessages: string; capsuleFileName: string | null } }>({
    method: 'post',
    path: '/api/repository_revisions/export',
    access: 'anonymous',
    operation: 'mutation ($input: DepotCapsuleExportInput!) { exportRepositoryRevision(input: $input) { error downloadUrl errorMessages capsuleFileName } }',
    variables: (input) => ({
      input: {
        depotUrl: depotUrlOf(input),
        name: input.string('name') ?? null,
        owner: input.string('owner') ?? null,
        changesetRevision: input.string('changeset_revision') ?? null,
        exportRepositoryDependencies: input.bool('export_repository_dependencies'),
        downloadDir: pathParameter(input, 'download_dir'),
      },
    }),
    // An unknown repository: the platform's pair of null and the message.
    shape: ({ exportRepositoryRevision: result }) =>
      result.error !== null ? [null, result.error] : { download_url: result.downloadUrl, error_messages: result.errorMessages, capsule_file_name: result.capsuleFileName },
  }),
  route<{ importCapsule: Record<string, string> }>({
    method: 'post',
    path: '/api/repositories/new/import_capsule',
    access: 'user',
    operation: 'mutation ($depotUrl: String, $capsule: String) { importCapsule(depotUrl: $depotUrl, capsuleFileName: $capsule) }',
    variables: (input) => ({ depotUrl: depotUrlOf(input), capsule: pathParameter(input, 'capsule_file_name') }),
    shape: (data) => data.importCapsule,
  }),
];

/** The download URL an export answers (beside the API, as the original's). */
export const capsuleDownloadRoute: RouteSpec = route<{ capsule: { path: string; fileName: string } }>({
  method: 'get',
  path: '/repository/export_via_api',
  access: 'anonymous',
  operation: 'query ($token: String!) { capsule(token: $token) { path fileName } }',
  variables: (input) => ({ token: input.string('encoded_repositories_archive_name') ?? '' }),
  raw: async (data, _input, _req, res) => {
    res.status(200);
    res.setHeader('Content-Type', 'application/x-gzip');
    res.setHeader('Content-Disposition', `attachment; filename="${data.capsule.fileName}"`);
    await pipeline(createReadStream(data.capsule.path), res);
  },
});
