import '@xyflow/react/dist/style.css';
import './editor.css';
import {
  Background,
  type Connection as FlowConnection,
  Controls,
  type Edge,
  type EdgeChange,
  MiniMap,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useClient, useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { collectionTypeRefusal, connectionNote, structuralRefusal } from './connection-rules';
import { CollectionInputTypesQuery, DatatypeAcceptsQuery, ToolStepModelMutation } from './editor-documents';
import { autoLayout, type EditorStep, inputStep, toolStep, withoutSteps } from './editor-model';
import { problemsOf, stepNumbersOf } from './editor-problems';
import { StepDetails } from './StepDetails';
import { StepNode, type StepNodeType } from './StepNode';
import { ToolPicker } from './ToolPicker';
import { useLeaveWarning } from './use-leave-warning';
import { useToolForms } from './use-tool-forms';
import { useUndoable } from './use-undoable';

const NODE_TYPES = { step: StepNode };

interface Props {
  initialSteps: EditorStep[];
  /** Writes the steps; answers an error message, or null when saved. */
  onSave: (steps: EditorStep[]) => Promise<string | null>;
  /** Shown above the canvas (the name field of a new workflow). */
  header?: ReactNode;
  /** Called once the canvas has drawn its steps (the time to an interactive canvas). */
  onReady?: () => void;
}

const isEditable = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The canvas of steps and connections with its tools: add, connect, delete, undo, layout, save. */
function CanvasEditor({ initialSteps, onSave, header, onReady }: Props) {
  const history = useUndoable<EditorStep[]>(initialSteps);
  const steps = history.value;
  const [saved, setSaved] = useState<EditorStep[]>(initialSteps);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const [measured, setMeasured] = useState<ReadonlyMap<string, { width: number; height: number }>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const client = useClient();
  const [model, buildModel] = useMutation(ToolStepModelMutation);
  const nextKey = useRef(Math.max(-1, ...initialSteps.map((step) => Number(step.key)).filter(Number.isFinite)) + 1);
  const dirty = steps !== saved;
  const flow = useReactFlow();
  const [fitPending, setFitPending] = useState(false);
  // After Auto layout: React Flow has taken the new positions (its effects run before this one).
  useEffect(() => {
    if (!fitPending) return;
    setFitPending(false);
    void flow.fitView({ maxZoom: 1, duration: 0 });
  }, [fitPending, steps, flow]);
  useLeaveWarning(dirty);

  const numbers = useMemo(() => stepNumbersOf(steps), [steps]);
  const nodeCache = useRef(new Map<string, { step: EditorStep; selected: boolean; size: unknown; number: number; node: StepNodeType }>());
  const nodes = useMemo(
    () =>
      steps.map((step) => {
        const isSelected = selected.has(step.key);
        const size = measured.get(step.key);
        const number = numbers.get(step.key) ?? 0;
        const cached = nodeCache.current.get(step.key);
        if (cached && cached.step === step && cached.selected === isSelected && cached.size === size && cached.number === number) return cached.node;
        const node: StepNodeType = {
          id: step.key,
          type: 'step',
          position: { x: step.position.left, y: step.position.top },
          data: { step, number, outputsMarked: new Set(step.workflowOutputs.map((output) => output.outputName)) },
          selected: isSelected,
          ariaLabel: `Step ${number}: ${step.label ?? step.name}`,
          ...(size ? { measured: size } : {}),
        };
        nodeCache.current.set(step.key, { step, selected: isSelected, size, number, node });
        return node;
      }),
    [steps, selected, measured, numbers],
  );
  const edges = useMemo(() => {
    const byKey = new Map(steps.map((step) => [step.key, step]));
    return steps.flatMap((target) =>
      Object.entries(target.connections).flatMap(([inputName, sources]) =>
        sources.map((source): Edge => {
          const from = byKey.get(source.stepKey);
          const note = from ? connectionNote(from, source.outputName, target, inputName) : null;
          return {
            id: `${source.stepKey}:${source.outputName}->${target.key}:${inputName}`,
            source: source.stepKey,
            sourceHandle: source.outputName,
            target: target.key,
            targetHandle: inputName,
            ariaLabel: `Connection from step ${numbers.get(source.stepKey)} ${source.outputName} to step ${numbers.get(target.key)} ${inputName}`,
            selected: selectedEdges.has(`${source.stepKey}:${source.outputName}->${target.key}:${inputName}`),
            ...(note ? { label: note } : {}),
          };
        }),
      ),
    );
  }, [steps, numbers, selectedEdges]);

  /** Edges are selected (then deleted with the Delete key); the steps' connections are what they draw. */
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    const picks = changes.filter((change) => change.type === 'select');
    if (picks.length === 0) return;
    setSelectedEdges((current) => {
      const next = new Set(current);
      for (const change of picks) {
        if (change.selected) next.add(change.id);
        else next.delete(change.id);
      }
      return next;
    });
  }, []);

  // A step that left the canvas is measured afresh if it comes back (undo, redo).
  useEffect(() => {
    const present = new Set(steps.map((step) => step.key));
    if ([...measured.keys()].some((key) => !present.has(key))) setMeasured(new Map([...measured].filter(([key]) => present.has(key))));
  }, [steps, measured]);

  const readyReported = useRef(false);
  useEffect(() => {
    if (!readyReported.current && (steps.length === 0 || measured.size >= steps.length)) {
      readyReported.current = true;
      onReady?.();
    }
  }, [measured, steps.length, onReady]);

  const removeSteps = useCallback(
    (keys: ReadonlySet<string>) => {
      if (keys.size === 0) return;
      history.change((present) => withoutSteps(present, keys));
      setSelected(new Set());
    },
    [history],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<StepNodeType>[]) => {
      const moved = new Map<string, { x: number; y: number }>();
      let nextSelected: Set<string> | null = null;
      let sizes: Map<string, { width: number; height: number }> | null = null;
      for (const change of changes) {
        if (change.type === 'position' && change.position) moved.set(change.id, change.position);
        else if (change.type === 'select') {
          nextSelected ??= new Set(selected);
          if (change.selected) nextSelected.add(change.id);
          else nextSelected.delete(change.id);
        } else if (change.type === 'dimensions' && change.dimensions) {
          sizes ??= new Map(measured);
          sizes.set(change.id, { width: change.dimensions.width, height: change.dimensions.height });
        }
      }
      if (sizes) setMeasured(sizes);
      if (nextSelected) setSelected(nextSelected);
      if (moved.size > 0) history.preview((present) => present.map((step) => (moved.has(step.key) ? { ...step, position: { left: moved.get(step.key)?.x ?? 0, top: moved.get(step.key)?.y ?? 0 } } : step)));
    },
    [history, selected, measured],
  );

  /** Deleting (the Delete key) removes the steps and connections at once: one step to undo. */
  const onDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: StepNodeType[]; edges: Edge[] }) => {
      const keys = new Set(gone.map((item) => item.id));
      const removed = new Set(cut.map((item) => item.id));
      history.change((present) =>
        withoutSteps(present, keys).map((step) => {
          const entries = Object.entries(step.connections).map(([input, sources]) => [input, sources.filter((source) => !removed.has(`${source.stepKey}:${source.outputName}->${step.key}:${input}`))] as const);
          if (entries.every(([input, sources]) => sources.length === step.connections[input].length)) return step;
          return { ...step, connections: Object.fromEntries(entries.filter(([, sources]) => sources.length > 0)) };
        }),
      );
      if (keys.size > 0) setSelected(new Set());
    },
    [history],
  );

  const onConnect = useCallback(
    async (connection: FlowConnection) => {
      const source = steps.find((step) => step.key === connection.source);
      const target = steps.find((step) => step.key === connection.target);
      if (!source || !target || !connection.sourceHandle || !connection.targetHandle) return;
      const proposed = { source, outputName: connection.sourceHandle, target, inputName: connection.targetHandle };
      const refused = structuralRefusal(steps, proposed);
      const output = source.outputs.find((item) => item.name === proposed.outputName);
      const input = target.inputs.find((item) => item.name === proposed.inputName);
      let reason = refused;
      if (!reason && output?.collectionType && input?.inputType === 'dataset_collection' && target.toolId) {
        const form = await client.query(CollectionInputTypesQuery, { id: target.toolId }).toPromise();
        const accepted = form.data?.tool.inputs.find((item) => item.name === input.name);
        if (accepted && 'collectionTypes' in accepted) reason = collectionTypeRefusal(output.collectionType, accepted.collectionTypes, input.label);
      }
      if (!reason && output && input) {
        const answer = await client.query(DatatypeAcceptsQuery, { output: output.extensions, input: input.extensions }).toPromise();
        if (answer.error) reason = `The connection could not be checked: ${answer.error.message}`;
        else if (answer.data && !answer.data.datatypeAccepts.accepted) reason = answer.data.datatypeAccepts.reason ?? 'Incompatible datatypes.';
      }
      if (reason) {
        setRefusal(`Connection refused: ${reason}`);
        return;
      }
      setRefusal(null);
      setStatus(`Connected ${proposed.outputName} of step ${numbers.get(source.key)} to ${input?.label ?? proposed.inputName} of step ${numbers.get(target.key)}.`);
      history.change((present) =>
        present.map((step) => {
          if (step.key !== target.key) return step;
          const existing = step.connections[proposed.inputName] ?? [];
          const link = { stepKey: source.key, outputName: proposed.outputName };
          const sources = input?.multiple ? [...existing.filter((item) => item.stepKey !== link.stepKey || item.outputName !== link.outputName), link] : [link];
          return { ...step, connections: { ...step.connections, [proposed.inputName]: sources } };
        }),
      );
    },
    [steps, client, history, numbers],
  );

  const placeNew = () => {
    const rightmost = steps.reduce((max, step) => Math.max(max, step.position.left), 0);
    return { left: steps.length === 0 ? 40 : rightmost + 280, top: 40 + (steps.length % 3) * 60 };
  };
  const addStep = (step: EditorStep) => {
    history.change((present) => [...present, step]);
    setSelected(new Set([step.key]));
    setStatus(`Added step ${steps.length + 1}: ${step.name}.`);
  };
  const newKey = () => String((nextKey.current += 1) - 1);
  const addTool = async (toolId: string) => {
    const answer = await buildModel({ input: { toolId } });
    if (answer.data) addStep(toolStep(newKey(), answer.data.buildWorkflowModule, placeNew()));
  };

  const save = async () => {
    setShowProblems(true);
    setSaving(true);
    setSaveError(null);
    const error = await onSave(steps);
    setSaving(false);
    if (error) setSaveError(error);
    else {
      setSaved(steps);
      setStatus('Saved.');
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isEditable(event.target) || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      event.preventDefault();
      if (event.shiftKey) history.redo();
      else history.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history]);

  const forms = useToolForms(steps);
  const problems = useMemo(() => problemsOf(steps, forms), [steps, forms]);
  const only = selected.size === 1 ? steps.find((step) => selected.has(step.key)) : undefined;
  const onlyErrors = useMemo(
    () => Object.fromEntries(problems.filter((problem) => only && problem.stepKey === only.key && problem.field !== null).map((problem) => [problem.field as string, problem.text.slice(problem.text.indexOf(': ') + 2)])),
    [problems, only],
  );

  return (
    <>
      {header}
      <div className="wf-editor-toolbar" role="toolbar" aria-label="Workflow editor">
        <button type="button" onClick={() => addStep(inputStep(newKey(), 'data_input', placeNew()))}>
          Add input dataset
        </button>
        <button type="button" onClick={() => addStep(inputStep(newKey(), 'data_collection_input', placeNew()))}>
          Add input collection
        </button>
        <button type="button" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <button
          type="button"
          onClick={() => {
            history.change(autoLayout);
            setFitPending(true);
          }}
          disabled={steps.length === 0}
        >
          Auto layout
        </button>
        <button type="button" onClick={() => removeSteps(selected)} disabled={selected.size === 0}>
          Delete selected
        </button>
        <button type="button" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <span role="status">{dirty ? 'Unsaved changes' : status}</span>
      </div>
      {refusal && (
        <p role="alert" className="wf-refused">
          {refusal}
        </p>
      )}
      <ErrorMessage error={saveError ?? model.error} what="Could not save" />
      {(showProblems || problems.length > 0) && problems.length > 0 && (
        <section className="wf-problems" aria-label="Problems">
          <h2>Problems ({problems.length})</h2>
          <ul>
            {problems.map((problem) => (
              <li key={problem.text}>{problem.text}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="wf-editor">
        <aside className="wf-editor-side" aria-label="Add steps">
          <h2>Tools</h2>
          <ToolPicker onPick={(toolId) => void addTool(toolId)} busy={model.fetching} />
        </aside>
        <div className="wf-editor-canvas" aria-label="Workflow canvas" role="region">
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onDelete={onDelete}
            onConnect={(connection) => void onConnect(connection)}
            onNodeDragStart={() => history.checkpoint()}
            deleteKeyCode={['Delete', 'Backspace']}
            fitView
            fitViewOptions={{ maxZoom: 1 }}
            minZoom={0.1}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls />
            <MiniMap pannable zoomable ariaLabel="Minimap" />
          </ReactFlow>
        </div>
        <aside className="wf-editor-side" aria-label="Step details">
          {only ? (
            <StepDetails
              key={only.key}
              step={only}
              number={numbers.get(only.key) ?? 0}
              errors={onlyErrors}
              onChange={(update) => history.change((present) => present.map((step) => (step.key === only.key ? update(step) : step)))}
              onDelete={() => removeSteps(new Set([only.key]))}
            />
          ) : (
            <p>Select a step to see its label, annotation, outputs, actions and parameters.</p>
          )}
        </aside>
      </div>
    </>
  );
}

export function WorkflowCanvasEditor(props: Props) {
  return (
    <ReactFlowProvider>
      <CanvasEditor {...props} />
    </ReactFlowProvider>
  );
}
