import { useState } from 'react';
import { childrenOf, chosenCase, flatName, repeatCount } from './form-values';
import { LeafField } from './LeafField';
import type { FormInput } from './tool-documents';
import { useToolForm } from './tool-form-context';

/** A list of inputs under a prefix: leaves as fields, conditionals, repeats and sections as groups. */
export function ToolInputs({ inputs, prefix }: { inputs: readonly FormInput[]; prefix: string }) {
  return (
    <>
      {inputs.map((input) => (
        <ToolInput key={input.name} input={input} prefix={prefix} />
      ))}
    </>
  );
}

function ToolInput({ input, prefix }: { input: FormInput; prefix: string }) {
  const name = flatName(prefix, input.name);
  switch (input.__typename) {
    case 'ConditionalToolInput':
      return <ConditionalGroup input={input} prefix={prefix} name={name} />;
    case 'RepeatToolInput':
      return <RepeatGroup input={input} name={name} />;
    case 'SectionToolInput':
      return <SectionGroup input={input} name={name} />;
    default:
      return <LeafField input={input} name={name} />;
  }
}

/** The test (a select or a boolean) and the inputs of the case it picks. */
function ConditionalGroup({ input, prefix, name }: { input: FormInput; prefix: string; name: string }) {
  const { state } = useToolForm();
  if (!('test' in input)) return null;
  return (
    <div className="tool-conditional" data-field={name}>
      <LeafField input={input.test} name={flatName(name, input.test.name)} runtimeAllowed={false} />
      <div className="tool-case">
        <ToolInputs inputs={chosenCase(state, prefix, input)} prefix={name} />
      </div>
    </div>
  );
}

/** Instances of a repeat, each with its inputs ('<name>_<i>|…'); add and remove within its bounds. */
function RepeatGroup({ input, name }: { input: FormInput; name: string }) {
  const { state, setRepeatCount } = useToolForm();
  if (!('minCount' in input)) return null;
  const count = repeatCount(state, name, input);
  const children = childrenOf(input);
  const canAdd = input.maxCount === null || count < input.maxCount;
  return (
    <fieldset className="tool-repeat" data-field={name}>
      <legend>{input.label}</legend>
      {input.help && <small className="help">{input.help}</small>}
      {Array.from({ length: count }, (_, index) => (
        <fieldset key={index} className="tool-repeat-instance">
          <legend>
            {index + 1}: {input.label}
          </legend>
          <ToolInputs inputs={children} prefix={`${name}_${index}`} />
        </fieldset>
      ))}
      <div className="actions">
        <button type="button" disabled={!canAdd} onClick={() => setRepeatCount(name, count + 1)}>
          Insert {input.label}
        </button>
        <button type="button" disabled={count <= input.minCount} onClick={() => setRepeatCount(name, count - 1)}>
          Remove the last {input.label}
        </button>
      </div>
    </fieldset>
  );
}

/** A collapsible group of inputs ('<section>|…'), open at first when the tool says so. */
function SectionGroup({ input, name }: { input: FormInput; name: string }) {
  const { idPrefix } = useToolForm();
  const [open, setOpen] = useState('expanded' in input && input.expanded);
  const panelId = `${idPrefix ?? ''}section-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <section className="tool-section" data-field={name}>
      <h3>
        <button type="button" className="link-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? '▾' : '▸'} {input.label}
        </button>
      </h3>
      {input.help && <small className="help">{input.help}</small>}
      <div id={panelId} hidden={!open}>
        <ToolInputs inputs={childrenOf(input)} prefix={name} />
      </div>
    </section>
  );
}
