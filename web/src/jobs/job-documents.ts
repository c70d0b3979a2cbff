import { graphql, type ResultOf } from '../graphql';

/** One rank of a job's labelled parameters (the fields each rank asks for). */
export const JobParameterFields = graphql(`
  fragment JobParameterFields on JobParameter @_unmask {
    name
    label
    value
    datasets {
      id
      hid
      name
    }
    collections {
      id
      hid
      name
    }
  }
`);

/** The job details screen: the job, its parameters nested four ranks deep (a conditional in a repeat instance). */
export const JobDetailsQuery = graphql(
  `
    query JobDetails($id: ID!) {
      job(id: $id) {
        id
        toolId
        toolName
        toolVersion
        toolInstalled
        state
        exitCode
        info
        createTime
        updateTime
        stdout
        stderr
        commandLine
        destinationId
        runner
        externalId
        history {
          id
        }
        parameters {
          ...JobParameterFields
          children {
            ...JobParameterFields
            children {
              ...JobParameterFields
              children {
                ...JobParameterFields
              }
            }
          }
        }
        inputs {
          name
          dataset {
            id
            hid
            name
          }
        }
        inputCollections {
          name
          collection {
            id
            hid
            name
          }
        }
        outputs {
          name
          dataset {
            id
            hid
            name
            state
          }
        }
        metrics {
          name
          title
          value
          rawValue
        }
        attempts {
          number
          state
          limitReached
          reason
          startTime
          endTime
          destinationId
          runner
          externalId
          externalState
        }
      }
    }
  `,
  [JobParameterFields],
);

/** A dataset's creating job, read when its line in the history panel is opened. */
export const CreatingJobQuery = graphql(`
  query DatasetCreatingJob($id: ID!) {
    dataset(id: $id) {
      id
      creatingJob {
        id
        toolId
      }
    }
  }
`);

/** What the tool form needs to run a job again. */
export const RerunStateQuery = graphql(`
  query JobRerunState($id: ID!) {
    job(id: $id) {
      id
      toolId
      toolName
      state
      history {
        id
        name
      }
      outputs {
        name
        dataset {
          id
          hid
          name
        }
      }
      rerunState {
        toolId
        toolVersion
        values
        repeats
        remappable
        mappedElements {
          outputName
          collectionId
          historyId
          collectionHid
          collectionName
          elementPath
        }
      }
    }
  }
`);

export type JobDetails = NonNullable<ResultOf<typeof JobDetailsQuery>['job']>;
export type JobParameter = ResultOf<typeof JobParameterFields> & { children?: readonly JobParameter[] };
export type RerunJob = NonNullable<ResultOf<typeof RerunStateQuery>['job']>;
