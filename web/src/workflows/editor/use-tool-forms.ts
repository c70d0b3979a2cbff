import { useEffect, useMemo, useRef, useState } from 'react';
import { useClient } from 'urql';
import { type ToolForm, ToolFormQuery } from '../../tools/tool-documents';
import type { EditorStep } from './editor-model';

/**
 * The tool forms of the canvas's installed tools, by tool id, fetched once per tool after the canvas
 * is drawn (the problems list reads them; the step form shares urql's cache of them).
 */
export function useToolForms(steps: readonly EditorStep[]): ReadonlyMap<string, ToolForm> {
  const client = useClient();
  const [forms, setForms] = useState<ReadonlyMap<string, ToolForm>>(new Map());
  const wanted = useMemo(() => [...new Set(steps.filter((step) => step.type === 'tool' && step.toolId && !step.toolError).map((step) => step.toolId as string))].sort().join('\n'), [steps]);
  const requested = useRef(new Set<string>());
  useEffect(() => {
    for (const id of wanted.split('\n')) {
      if (id === '' || requested.current.has(id)) continue;
      requested.current.add(id);
      void client
        .query(ToolFormQuery, { id })
        .toPromise()
        .then((answer) => {
          const tool = answer.data?.tool;
          if (tool) setForms((current) => new Map(current).set(id, tool));
        });
    }
  }, [wanted, client]);
  return forms;
}
