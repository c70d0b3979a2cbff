import { useQuery } from 'urql';
import { graphql, type ResultOf } from '../graphql';

export const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      isAnonymous
      isAdmin
      user {
        id
        email
        username
        niceTotalDiskUsage
      }
    }
  }
`);

export type Viewer = ResultOf<typeof ViewerQuery>['viewer'];

/** Who the browser's session is: a signed-in user, or an anonymous visitor. */
export function useViewer() {
  const [result] = useQuery({ query: ViewerQuery });
  return { viewer: result.data?.viewer, fetching: result.fetching, error: result.error };
}
