import { createContext, useContext } from 'react';
import type { FieldValue, FormState } from './form-values';
import type { HistoryChoices } from './data-choices';

export interface ToolFormContextValue {
  state: FormState;
  setValue(name: string, value: FieldValue): void;
  setRepeatCount(name: string, count: number): void;
  setBatch(name: string, batch: boolean): void;
  /** Errors by flat name (the form's checks and the graph's refusals naming a field). */
  errors: Record<string, string>;
  choices: HistoryChoices;
  /** The current history (where the form's datasets come from and its jobs go). */
  historyId: string | undefined;
  /** Put before the fields' DOM ids where several forms share a page (the run form's steps). */
  idPrefix?: string;
  /**
   * Parameters that may be left to the run (the workflow editor): each one gets "Set at runtime";
   * one set at runtime shows no value. Absent in the workbench's form.
   */
  runtime?: RuntimeParameters;
}

export interface RuntimeParameters {
  isSet(name: string): boolean;
  set(name: string, atRuntime: boolean): void;
}

export const ToolFormContext = createContext<ToolFormContextValue | null>(null);

export function useToolForm(): ToolFormContextValue {
  const value = useContext(ToolFormContext);
  if (!value) throw new Error('useToolForm outside a tool form');
  return value;
}

/** A DOM id for a flat name ('queries_0|input2' -> 'field-queries_0-input2'). */
export const fieldId = (name: string) => `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
