import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../account/LoginPage';
import { RegisterPage } from '../account/RegisterPage';
import { UserPage } from '../account/UserPage';
import { CollectionPage } from '../collections/CollectionPage';
import { DatasetPage } from '../datasets/DatasetPage';
import { EditAttributesPage } from '../datasets/edit-attributes/EditAttributesPage';
import { CurrentHistoryProvider } from '../history/current-history';
import { HistoriesPage } from '../history/HistoriesPage';
import { CurrentHistoryPage, HistoryPage } from '../history/HistoryPages';
import { ImportHistoryPage } from '../history/ImportHistoryPage';
import { MultipleHistoriesPage } from '../history/MultipleHistoriesPage';
import { Page } from '../ui/Page';
import { UploadPage } from '../upload/UploadPage';
import { ToolsPage } from '../tools/ToolsPage';
import { JobPage } from '../jobs/JobPage';
import { FolderPage, LibraryPage } from '../libraries/LibraryPages';
import { LibrariesPage } from '../libraries/LibrariesPage';
import { LibraryDatasetPage } from '../libraries/LibraryDatasetPage';
import { InvocationPage } from '../workflows/InvocationPage';
import { RunWorkflowPage } from '../workflows/RunWorkflowPage';
import { WorkflowPage } from '../workflows/WorkflowPage';
import { WorkflowsPage } from '../workflows/WorkflowsPage';
import { ExtractWorkflowPage } from '../workflows/extract/ExtractWorkflowPage';
import { LazyNewWorkflowPage, LazyWorkflowEditorPage } from '../workflows/editor/lazy-editor';
import { MySharingPage } from '../sharing/MySharingPage';
import { PageView } from '../sharing/PageView';
import { PagesPage } from '../pages/PagesPage';
import { PublishedPage } from '../sharing/PublishedPage';
import { SharedWithMePage } from '../sharing/SharedWithMePage';
import { SlugAddressPage } from '../sharing/SlugAddressPage';
import { SharingPage } from '../sharing/SharingPage';
import { LazyChartBuilderPage } from '../visualizations/charts/lazy-chart-screens';
import { VisualizationPage } from '../visualizations/VisualizationPage';
import { VisualizationsPage } from '../visualizations/VisualizationsPage';
import { Workbench } from '../workbench/Workbench';
import { LazyAdmin } from '../admin/lazy-admin';
import '../ui/more.css';
import '../ui/items.css';
import '../workbench/workbench.css';
import { ErrorBoundary } from './ErrorBoundary';
import { GraphQLClientProvider } from './GraphQLClientProvider';
import { Layout } from './Layout';

/** The page editor loads when it opens (its Markdown and pickers are not in the first script). */
const PageEditorPage = lazy(() => import('../pages/PageEditorPage'));
const pageEditor = (
  <Suspense fallback={<p role="status">Loading the editor…</p>}>
    <PageEditorPage />
  </Suspense>
);

/**
 * The screens by URL. The server answers index.html for each of these paths (src/http/web-app.ts
 * lists them), so deep links and reloads land here.
 */
export function App() {
  return (
    <ErrorBoundary>
      <GraphQLClientProvider>
        <BrowserRouter>
          <CurrentHistoryProvider>
            <Routes>
              <Route element={<Layout />}>
                {/* The workbench: tool panel | the screen | current history. */}
                <Route element={<Workbench />}>
                  <Route index element={<CurrentHistoryPage />} />
                  <Route path="histories/:historyId" element={<HistoryPage />} />
                  <Route path="histories/:historyId/collections/:collectionId" element={<CollectionPage />} />
                  <Route path="histories/:historyId/collections/:collectionId/elements/:elementId" element={<CollectionPage />} />
                  <Route path="datasets/:datasetId" element={<DatasetPage />} />
                  <Route path="datasets/:datasetId/edit" element={<EditAttributesPage />} />
                  <Route path="upload" element={<UploadPage />} />
                  <Route path="tools" element={<ToolsPage />} />
                  <Route path="tools/:toolId" element={<ToolsPage />} />
                  <Route path="visualizations/new" element={<LazyChartBuilderPage />} />
                  <Route path="visualizations/:visualizationId" element={<VisualizationPage />} />
                  <Route path="jobs/:jobId" element={<JobPage />} />
                </Route>
                <Route path="histories" element={<HistoriesPage />} />
                <Route path="histories/import" element={<ImportHistoryPage />} />
                <Route path="histories/multiple" element={<MultipleHistoriesPage />} />
                <Route path="histories/:historyId/extract-workflow" element={<ExtractWorkflowPage />} />
                <Route path="login" element={<LoginPage />} />
                <Route path="register" element={<RegisterPage />} />
                <Route path="user" element={<UserPage />} />
                <Route path="libraries" element={<LibrariesPage />} />
                <Route path="libraries/:libraryId" element={<LibraryPage />} />
                <Route path="libraries/:libraryId/folders/:folderId" element={<FolderPage />} />
                <Route path="libraries/:libraryId/datasets/:datasetId" element={<LibraryDatasetPage />} />
                <Route path="workflows" element={<WorkflowsPage />} />
                <Route path="workflows/:workflowId" element={<WorkflowPage />} />
                <Route path="workflows/:workflowId/run" element={<RunWorkflowPage />} />
                <Route path="workflows/:workflowId/edit" element={<LazyWorkflowEditorPage />} />
                <Route path="workflows/new" element={<LazyNewWorkflowPage />} />
                <Route path="workflows/invocations/:invocationId" element={<InvocationPage />} />
                <Route path="sharing" element={<MySharingPage />} />
                <Route path="sharing/:kind/:itemId" element={<SharingPage />} />
                <Route path="published" element={<PublishedPage />} />
                <Route path="shared" element={<SharedWithMePage />} />
                <Route path="pages" element={<PagesPage />} />
                <Route path="pages/new" element={pageEditor} />
                <Route path="pages/:pageId/edit" element={pageEditor} />
                <Route path="pages/:pageId" element={<PageView />} />
                <Route path="visualizations" element={<VisualizationsPage />} />
                <Route path="u/:username/:letter/:slug" element={<SlugAddressPage />} />
                <Route path="admin/*" element={<LazyAdmin />} />
                <Route path="*" element={<Page title="Not found"><p>There is no such page.</p></Page>} />
              </Route>
            </Routes>
          </CurrentHistoryProvider>
        </BrowserRouter>
      </GraphQLClientProvider>
    </ErrorBoundary>
  );
}
