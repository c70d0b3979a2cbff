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

/** The repository of a search hit, in the original's keys. */
export const REPOSITORY_HIT_FIELDS = /* GraphQL */ `
  id
  repo_owner_username: owner
  name
  long_description: longDescription
  remote_repository_url: remoteRepositoryUrl
  homepage_url: homepageUrl
  description
  times_downloaded: timesDownloaded
`;

export interface RepositoryHitData {
  score: number;
  matchedTerms: string[][];
  lastUpdated: string;
  fullLastUpdated: string;
  approved: string;
  repository: Record<string, unknown>;
}

/** The original's repository hit: the repository's searched fields, when it changed, whether approved, how often downloaded. */
export const repositoryHit = ({ repository, score, matchedTerms, lastUpdated, fullLastUpdated, approved }: RepositoryHitData) => ({
  repository: { ...repository, last_updated: lastUpdated, full_last_updated: fullLastUpdated, approved },
  score,
  matched_terms: matchedTerms,
});

/** Encoded category ids as clients send them: `category_ids` or `category_ids[]`, a list, a JSON list, or text with commas. */
export function categoryIdsOf(input: RouteInput): string[] | null {
  const given = input.list('category_ids');
  if (given === undefined) return null;
  return given.flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value.length > 0);
}
