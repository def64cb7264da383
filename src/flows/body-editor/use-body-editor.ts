// The state of a request body that is edited as a form or as raw JSON (payments, consents): which view is shown, the
// JSON text with its parse error and schema findings, "send anyway", and whether a send was tried (so the form's
// errors show). One reducer; the form's own values stay with the page.
import { useReducer, useRef } from 'react';
import type { BodyMode } from '../../components/ui';
import type { BodyIssue, JsonObject } from '../form-model';
import { parseJsonObject } from '../form-model';

export interface BodyEditorState {
  mode: BodyMode;
  jsonText: string;
  /** The JSON does not parse, or the form cannot show it. */
  jsonError: string | undefined;
  /** Schema findings about the JSON view's body. */
  jsonIssues: BodyIssue[];
  skipSchemaCheck: boolean;
  /** A send was tried: the form's errors show from then on. */
  attempted: boolean;
}

export type BodyEditorAction =
  | { type: 'show-json'; text: string }
  | { type: 'show-form' }
  | { type: 'json-error'; message: string }
  | { type: 'edit-json'; text: string }
  | { type: 'json-checked'; issues: BodyIssue[] }
  | { type: 'skip-schema-check'; skip: boolean }
  | { type: 'attempt' };

export const initialBodyEditorState: BodyEditorState = {
  mode: 'form',
  jsonText: '',
  jsonError: undefined,
  jsonIssues: [],
  skipSchemaCheck: false,
  attempted: false,
};

export function bodyEditorReducer(state: BodyEditorState, action: BodyEditorAction): BodyEditorState {
  switch (action.type) {
    case 'show-json':
      return { ...state, mode: 'json', jsonText: action.text, jsonError: undefined, jsonIssues: [] };
    case 'show-form':
      return { ...state, mode: 'form', jsonError: undefined };
    case 'json-error':
      return { ...state, jsonError: action.message };
    case 'edit-json':
      return { ...state, jsonText: action.text, jsonIssues: [] };
    case 'json-checked':
      return { ...state, jsonError: undefined, jsonIssues: action.issues };
    case 'skip-schema-check':
      return { ...state, skipSchemaCheck: action.skip };
    case 'attempt':
      return state.attempted ? state : { ...state, attempted: true };
  }
}

export type FormReading<V> = { ok: true; values: V } | { ok: false; message: string };

export interface BodyEditorOptions<V> {
  /** The body the form stands for, shown when the JSON view opens. */
  formBody: () => JsonObject;
  /** Reads the JSON text back into form values; a message keeps the JSON view open with the text as typed. */
  readJson: (text: string) => FormReading<V>;
  /** Takes the values read back from the JSON view. */
  onFormValues: (values: V) => void;
  /** The form's validation: the body to send when it is valid. */
  validation: { valid: boolean; body: JsonObject };
  /** The schema check of a body from the JSON view. */
  checkJson: (body: JsonObject) => BodyIssue[];
}

export function useBodyEditor<V>(options: BodyEditorOptions<V>) {
  const [state, dispatch] = useReducer(bodyEditorReducer, initialBodyEditorState);
  const summaryRef = useRef<HTMLDivElement>(null);

  function switchMode(next: BodyMode) {
    if (next === state.mode) return;
    if (next === 'json') {
      dispatch({ type: 'show-json', text: JSON.stringify(options.formBody(), null, 2) });
      return;
    }
    const result = options.readJson(state.jsonText);
    if (!result.ok) {
      // Keep the text exactly as typed so nothing is lost.
      dispatch({ type: 'json-error', message: result.message });
      return;
    }
    options.onFormValues(result.values);
    dispatch({ type: 'show-form' });
  }

  /** The body to send, or undefined (with the reason shown) when the form or the schema refuses it. */
  function bodyToSend(): JsonObject | undefined {
    if (state.mode === 'form') {
      dispatch({ type: 'attempt' });
      if (options.validation.valid) return options.validation.body;
      requestAnimationFrame(() => summaryRef.current?.focus());
      return undefined;
    }
    const reading = parseJsonObject(state.jsonText);
    if (!reading.ok) {
      dispatch({ type: 'json-error', message: reading.message });
      return undefined;
    }
    const issues = options.checkJson(reading.body);
    dispatch({ type: 'json-checked', issues });
    return issues.length > 0 && !state.skipSchemaCheck ? undefined : reading.body;
  }

  const editor = {
    ...state,
    switchMode,
    bodyToSend,
    attempt: () => dispatch({ type: 'attempt' }),
    /** Props for the JSON view (`JsonBodyEditor`), all but its findings' title. */
    json: {
      text: state.jsonText,
      onTextChange: (text: string) => dispatch({ type: 'edit-json', text }),
      error: state.jsonError,
      findings: state.jsonIssues,
      skipSchemaCheck: state.skipSchemaCheck,
      onSkipSchemaCheckChange: (skip: boolean) => dispatch({ type: 'skip-schema-check', skip }),
    },
  };
  // The error summary's ref apart from the state, so that rendering reads no ref.
  return [editor, summaryRef] as const;
}

export type BodyEditor = ReturnType<typeof useBodyEditor>[0];
