import { graphql } from '../graphql';

export const CreateHistoryMutation = graphql(`
  mutation CreateHistory($name: String) {
    createHistory(input: { name: $name }) {
      id
      name
    }
  }
`);

export const RenameHistoryMutation = graphql(`
  mutation RenameHistory($id: ID!, $changes: JSONObject!) {
    updateHistory(id: $id, changes: $changes) {
      id
      name
      updateTime
    }
  }
`);

export const DeleteHistoryMutation = graphql(`
  mutation DeleteHistory($id: ID!) {
    deleteHistory(id: $id) {
      id
      deleted
    }
  }
`);

export const UndeleteHistoryMutation = graphql(`
  mutation UndeleteHistory($id: ID!) {
    undeleteHistory(id: $id) {
      id
      deleted
    }
  }
`);

/** Annotation and tags (the tags given replace the history's). */
export const EditHistoryMutation = graphql(`
  mutation EditHistory($id: ID!, $changes: JSONObject!) {
    updateHistory(id: $id, changes: $changes) {
      id
      annotation
      tags
      updateTime
    }
  }
`);

/** Deletes and purges: its datasets' files go, and it can no longer be undeleted. */
export const PurgeHistoryMutation = graphql(`
  mutation PurgeHistory($id: ID!) {
    deleteHistory(id: $id, purge: true) {
      id
      deleted
      purged
    }
  }
`);

/** "Import history": a copy of a history shared with the caller or published, as their own. */
export const ImportHistoryMutation = graphql(`
  mutation ImportHistory($id: ID!, $name: String) {
    createHistory(input: { copyFrom: $id, name: $name }) {
      id
      name
    }
  }
`);
