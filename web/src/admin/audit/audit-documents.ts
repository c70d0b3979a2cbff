import { graphql, type ResultOf } from '../../graphql';

export const AuditLogQuery = graphql(`
  query AdminAuditLog($first: Int!, $after: String, $action: String, $actor: String, $target: String, $since: String, $until: String) {
    adminAuditLog(first: $first, after: $after, action: $action, actor: $actor, target: $target, since: $since, until: $until) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          createTime
          actorId
          actorEmail
          action
          targetType
          targetId
          targetLabel
          details
          clientAddress
        }
      }
    }
  }
`);

export type AuditEntry = ResultOf<typeof AuditLogQuery>['adminAuditLog']['edges'][number]['node'];
