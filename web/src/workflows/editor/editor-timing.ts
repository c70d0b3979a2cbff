/**
 * Marks the moment the canvas has drawn every step (a performance mark the browser test reads to
 * measure the time to an interactive canvas).
 */
export function markEditorReady(): void {
  performance.mark('workflow-editor-ready');
}
