import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../account/LoginPage';
import { RegisterPage } from '../account/RegisterPage';
import { UserPage } from '../account/UserPage';
import { DatasetPage } from '../datasets/DatasetPage';
import { CurrentHistoryProvider } from '../history/current-history';
import { HistoriesPage } from '../history/HistoriesPage';
import { CurrentHistoryPage, HistoryPage } from '../history/HistoryPages';
import { Page } from '../ui/Page';
import { UploadPage } from '../upload/UploadPage';
import { ToolsPage } from '../tools/ToolsPage';
import { ErrorBoundary } from './ErrorBoundary';
import { GraphQLClientProvider } from './GraphQLClientProvider';
import { Layout } from './Layout';

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
                <Route index element={<CurrentHistoryPage />} />
                <Route path="histories" element={<HistoriesPage />} />
                <Route path="histories/:historyId" element={<HistoryPage />} />
                <Route path="datasets/:datasetId" element={<DatasetPage />} />
                <Route path="upload" element={<UploadPage />} />
                <Route path="tools" element={<ToolsPage />} />
                <Route path="tools/:toolId" element={<ToolsPage />} />
                <Route path="login" element={<LoginPage />} />
                <Route path="register" element={<RegisterPage />} />
                <Route path="user" element={<UserPage />} />
                <Route path="*" element={<Page title="Not found"><p>There is no such page.</p></Page>} />
              </Route>
            </Routes>
          </CurrentHistoryProvider>
        </BrowserRouter>
      </GraphQLClientProvider>
    </ErrorBoundary>
  );
}
