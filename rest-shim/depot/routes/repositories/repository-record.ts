import type { RouteInput } from '../../../core/route-input';

/** The fields of the repository record a route asks for (its collection view; `long_description` in the element view). */
export const REPOSITORY_FIELDS = /* GraphQL */ `
  id
  name
  type
  remote_repository_url: remoteRepositoryUrl
  homepage_url: homepageUrl
  description
  user_id: userId
  private
  deleted
  times_downloaded: timesDownloaded
  deprecated
  owner
`;

export const REPOSITORY_ELEMENT_FIELDS = `${REPOSITORY_FIELDS} long_description: longDescription`;

export interface RepositoryData {
  id: string;
  [key: string]: unknown;
}

/** The platform's repository dictionary: `model_class`, the view's keys, and its show `url`. */
export function repositoryRecord(data: RepositoryData): Record<string, unknown> {
  return { model_class: 'Repository', ...data, url: `/api/repositories/${data.id}` };
}

/** Encoded category ids as clients send them: `category_ids` or `category_ids[]`, a list, a JSON list, or text with commas. */
export function categoryIdsOf(input: RouteInput): string[] | null {
  const given = input.list('category_ids');
  if (given === undefined) return null;
  return given.flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value.length > 0);
}
