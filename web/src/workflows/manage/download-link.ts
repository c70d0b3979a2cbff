/** The contract's download route (`.ga`, style export) and the file name 15.05 gave it. */
export const workflowDownloadHref = (id: string) => `/api/workflows/${encodeURIComponent(id)}/download?format=json-download`;

export const workflowFileName = (name: string) => `Galaxy-Workflow-${name.replace(/[^\w.-]+/g, '_')}.ga`;
