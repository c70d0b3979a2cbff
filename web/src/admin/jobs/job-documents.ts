import { graphql, type ResultOf } from '../../graphql';

export const AdminJobsQuery = graphql(`
  query AdminJobs(
    $first: Int!
    $after: String
    $states: [String!]
    $toolIds: [String!]
    $userEmail: String
    $destinationIds: [String!]
    $dateRangeMin: String
    $dateRangeMax: String
  ) {
    jobsPage(
      first: $first
      after: $after
      states: $states
      toolIds: $toolIds
      userEmail: $userEmail
      destinationIds: $destinationIds
      dateRangeMin: $dateRangeMin
      dateRangeMax: $dateRangeMax
    ) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          toolId
          state
          userEmail
          runner
          destinationId
          externalId
          createTime
          updateTime
          attempts {
            number
          }
        }
      }
    }
  }
`);

export type AdminJob = ResultOf<typeof AdminJobsQuery>['jobsPage']['edges'][number]['node'];

export const JobLockQuery = graphql(`
  query AdminJobLock {
    jobLock {
      locked
      changedAt
      changedBy
    }
  }
`);

export const SetJobLockMutation = graphql(`
  mutation AdminSetJobLock($locked: Boolean!) {
    setJobLock(locked: $locked) {
      locked
      changedAt
      changedBy
    }
  }
`);

export const CancelJobsMutation = graphql(`
  mutation AdminCancelJobs($ids: [ID!]!, $message: String) {
    cancelJobs(ids: $ids, message: $message) {
      cancelledIds
      alreadyFinishedIds
    }
  }
`);

export const JobCountsSubscription = graphql(`
  subscription AdminJobCounts {
    jobCountsChanged {
      countedAt
      counts {
        state
        destinationId
        count
      }
    }
  }
`);

export type JobCount = ResultOf<typeof JobCountsSubscription>['jobCountsChanged']['counts'][number];

export const DestinationMemoryQuery = graphql(`
  query AdminDestinationMemory($days: Int!) {
    destinationMemory(days: $days) {
      destination
      jobs
      failedJobs
      measuredJobs
      maxUsedBytes
      p95UsedBytes
      allocatedBytes
    }
  }
`);
