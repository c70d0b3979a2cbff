import { graphql } from '../graphql';

/** "Copy History": all datasets, or only the active (non-deleted) ones. */
export const CopyHistoryMutation = graphql(`
  mutation CopyHistory($id: ID!, $name: String, $allDatasets: Boolean) {
    createHistory(input: { copyFrom: $id, name: $name, allDatasets: $allDatasets }) {
      id
      name
    }
  }
`);

/** "Export History to File": the ready, up-to-date archive, or a queued export. */
export const ExportHistoryMutation = graphql(`
  mutation ExportHistoryToFile($id: ID!) {
    exportHistory(id: $id) {
      ready
      exportId
      downloadUrl
    }
  }
`);

export const HistoryExportProgressQuery = graphql(`
  query HistoryExportProgress($historyId: ID!, $exportId: ID!) {
    historyExport(historyId: $historyId, exportId: $exportId) {
      exportId
      state
      downloadUrl
      fileSize
      error
    }
  }
`);

/** An exported archive imported from a file the person chooses, or from a URL. */
export const ImportHistoryArchiveMutation = graphql(`
  mutation ImportHistoryArchive($file: Upload, $url: String) {
    importHistoryArchive(file: $file, url: $url) {
      id
      state
      source
      historyId
      datasets
      error
    }
  }
`);

export const HistoryImportProgressQuery = graphql(`
  query HistoryImportProgress($id: ID!) {
    historyImport(id: $id) {
      id
      state
      source
      historyId
      datasets
      error
    }
  }
`);
