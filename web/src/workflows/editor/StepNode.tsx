import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import type { EditorStep } from './editor-model';

export type StepNodeData = { step: EditorStep; number: number; outputsMarked: ReadonlySet<string> };
export type StepNodeType = Node<StepNodeData, 'step'>;

const KIND: Record<string, string> = { data_input: 'Input dataset', data_collection_input: 'Input dataset collection' };

/** A step on the canvas: its number and name, inputs as target handles, outputs (with datatypes) as source handles. */
export const StepNode = memo(function StepNode({ data, selected }: NodeProps<StepNodeType>) {
  const { step, number, outputsMarked } = data;
  const title = step.label ?? (KIND[step.type] ? `${KIND[step.type]}: ${String(step.toolInputs.name ?? '')}` : step.name);
  return (
    <div className={`wf-node${selected ? ' wf-node-selected' : ''}${step.toolError ? ' wf-node-error' : ''}`} data-step={step.key}>
      <div className="wf-node-title">
        <span className="wf-node-number">{number}.</span> {title}
      </div>
      {step.label && <div className="wf-node-sub">{KIND[step.type] ?? step.name}</div>}
      {step.toolError && <div className="wf-node-warning">Not installed: {step.toolId}</div>}
      <ul className="wf-node-ports">
        {step.inputs.map((input) => (
          <li key={`in-${input.name}`} className="wf-port wf-port-in">
            <Handle type="target" position={Position.Left} id={input.name} />
            {input.label}
            <span className="muted"> {input.inputType === 'dataset_collection' ? '(collection)' : input.extensions.join(', ')}</span>
          </li>
        ))}
        {step.outputs.map((output) => (
          <li key={`out-${output.name}`} className="wf-port wf-port-out">
            {outputsMarked.has(output.name) && <span title="Workflow output">★ </span>}
            {output.name}
            <span className="muted"> ({output.collectionType ? `${output.collectionType} collection` : output.extensions.join(', ') || 'unknown'})</span>
            <Handle type="source" position={Position.Right} id={output.name} />
          </li>
        ))}
      </ul>
    </div>
  );
});
