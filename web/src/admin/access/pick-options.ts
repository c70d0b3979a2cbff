import { useQuery } from 'urql';
import { AdminRolesQuery, GroupsQuery, PickUsersQuery } from './access-documents';
import type { PickOptions } from './MemberPicker';

/** The first ten users whose email or public name holds the fragment (one page of the cursor; nothing asked before something is typed). */
export function useUserOptions(search: string): PickOptions {
  const [result] = useQuery({ query: PickUsersQuery, variables: { search }, pause: search === '' });
  return { options: result.data?.usersPage.edges.map(({ node }) => ({ id: node.id, label: node.email ?? node.id })), fetching: result.fetching, error: result.error };
}

/** Roles whose name or description holds the fragment, users' private roles included (one page of the cursor). */
export function useRoleOptions(search: string): PickOptions {
  const [result] = useQuery({ query: AdminRolesQuery, variables: { first: 10, search, includePrivate: true }, pause: search === '' });
  return { options: result.data?.adminRoles.nodes.map((role) => ({ id: role.id, label: role.name })), fetching: result.fetching, error: result.error };
}

/** Groups whose name holds the fragment (groups are few: the list is read whole and filtered here). */
export function useGroupOptions(search: string): PickOptions {
  const [result] = useQuery({ query: GroupsQuery, variables: { deleted: false }, pause: search === '' });
  const needle = search.toLowerCase();
  return {
    options: result.data?.groups.filter((group) => group.name.toLowerCase().includes(needle)).map((group) => ({ id: group.id, label: group.name })),
    fetching: result.fetching,
    error: result.error,
  };
}
