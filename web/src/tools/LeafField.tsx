import { DataColumnField } from './DataColumnField';
import { CollectionField, DataField } from './DataField';
import { FieldFrame } from './FieldFrame';
import { valueOf } from './form-values';
import { SelectField } from './SelectField';
import type { FormInput } from './tool-documents';
import { useToolForm } from './tool-form-context';

/** Kinds of input whose value the run may give ("Set at runtime"); data inputs are fed by connections. */
const RUNTIME_KINDS = new Set(['TextToolInput', 'IntegerToolInput', 'FloatToolInput', 'BooleanToolInput', 'SelectToolInput', 'DataColumnToolInput']);

/**
 * One input that holds no others, by its kind; where the form allows it (the workflow editor) with
 * "Set at runtime" beside it (`runtimeAllowed` false for a conditional's test, which picks the case).
 */
export function LeafField({ input, name, runtimeAllowed = true }: { input: FormInput; name: string; runtimeAllowed?: boolean }) {
  const { runtime } = useToolForm();
  if (!runtime || !runtimeAllowed || !RUNTIME_KINDS.has(input.__typename)) return <LeafControl input={input} name={name} />;
  const atRuntime = runtime.isSet(name);
  return (
    <div className="tool-runtime-param">
      {atRuntime ? (
        <p className="tool-runtime-note">
          {input.label}: <em>set at runtime</em>
        </p>
      ) : (
        <LeafControl input={input} name={name} />
      )}
      <label className="choice">
        <input type="checkbox" checked={atRuntime} aria-label={`Set at runtime: ${input.label}`} onChange={(event) => runtime.set(name, event.target.checked)} /> Set at runtime
      </label>
    </div>
  );
}

function LeafControl({ input, name }: { input: FormInput; name: string }) {
  const { state, setValue } = useToolForm();
  const value = valueOf(state, name, input);
  const text = typeof value === 'string' ? value : '';
  const common = { name, label: input.label, help: input.help, optional: input.optional };
  switch (input.__typename) {
    case 'TextToolInput':
      return (
        <FieldFrame {...common}>
          {({ id, describedBy, invalid }) =>
            'area' in input && input.area ? (
              <textarea id={id} rows={4} value={text} aria-describedby={describedBy} aria-invalid={invalid} onChange={(event) => setValue(name, event.target.value)} />
            ) : (
              <input id={id} value={text} aria-describedby={describedBy} aria-invalid={invalid} onChange={(event) => setValue(name, event.target.value)} />
            )
          }
        </FieldFrame>
      );
    case 'IntegerToolInput':
    case 'FloatToolInput': {
      const integer = input.__typename === 'IntegerToolInput';
      const min = 'min' in input ? input.min : 'minFloat' in input ? input.minFloat : null;
      const max = 'max' in input ? input.max : 'maxFloat' in input ? input.maxFloat : null;
      const bounds = [min !== null && `at least ${min}`, max !== null && `at most ${max}`].filter(Boolean).join(', ');
      return (
        <FieldFrame {...common} help={[input.help, bounds && `(${bounds})`].filter(Boolean).join(' ')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="number"
              inputMode={integer ? 'numeric' : 'decimal'}
              step={integer ? 1 : 'any'}
              min={min ?? undefined}
              max={max ?? undefined}
              value={text}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setValue(name, event.target.value)}
            />
          )}
        </FieldFrame>
      );
    }
    case 'BooleanToolInput':
      return (
        <FieldFrame {...common}>
          {({ id, describedBy }) => <input id={id} type="checkbox" checked={value === true} aria-describedby={describedBy} onChange={(event) => setValue(name, event.target.checked)} />}
        </FieldFrame>
      );
    case 'SelectToolInput':
      return 'options' in input ? <SelectField input={input} name={name} value={value} /> : null;
    case 'DataToolInput':
      return 'formats' in input ? <DataField input={input} name={name} value={value} /> : null;
    case 'DataCollectionToolInput':
      return 'collectionTypes' in input ? <CollectionField input={input} name={name} value={value} /> : null;
    case 'DataColumnToolInput':
      return <DataColumnField input={input} name={name} />;
    case 'FileToolInput':
      return (
        <p className="muted" data-field={name}>
          {input.label}: files are given on the <a href="/upload">upload</a> screen.
        </p>
      );
    case 'HiddenToolInput':
      return null;
    default:
      return null;
  }
}
