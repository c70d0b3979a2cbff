import { graphql, type ResultOf } from '../../graphql';

export const ServerStatusQuery = graphql(`
  query AdminServerStatus {
    serverStatus {
      version
      serviceVersion
      jobsLocked
      thisProcess {
        host
        pid
        startedAt
        nodeVersion
      }
      database {
        embedded
        version
        sizeBytes
      }
      processes {
        name
        host
        pid
        startedAt
        lastHeartbeat
        stale
        serviceVersion
        localWorkers
        jobsHeld
        tasksHeld
      }
      claimHolders {
        name
        kind
        holding
        lastHeartbeat
        stale
      }
      queue {
        destinationId
        waiting
        dispatched
      }
      slurm {
        configured
        reachable
        problem
        elapsedMs
      }
      dataDir {
        path
        totalBytes
        usedBytes
        freeBytes
      }
      configuration {
        key
        value
        secret
      }
    }
  }
`);

export type ServerStatus = ResultOf<typeof ServerStatusQuery>['serverStatus'];
