import type { ReactNode } from 'react';
import { fieldId, useToolForm } from './tool-form-context';

/** A field's label, control, help text and error; the control is described by the help and the error. */
export function FieldFrame({ name, label, help, optional, group, children }: { name: string; label: string; help: string; optional: boolean; group?: boolean; children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode }) {
  const { errors, idPrefix } = useToolForm();
  const id = `${idPrefix ?? ''}${fieldId(name)}`;
  const error = errors[name];
  const describedBy = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const title = (
    <>
      {label}
      {optional && <span className="muted"> (optional)</span>}
    </>
  );
  return (
    <div className={`tool-field${error ? ' has-error' : ''}`} data-field={name}>
      {group ? (
        <fieldset aria-describedby={describedBy}>
          <legend>{title}</legend>
          {children({ id, describedBy, invalid: Boolean(error) })}
        </fieldset>
      ) : (
        <>
          <label htmlFor={id}>{title}</label>
          {children({ id, describedBy, invalid: Boolean(error) })}
        </>
      )}
      {help && (
        <small id={`${id}-help`} className="help">
          {help}
        </small>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
