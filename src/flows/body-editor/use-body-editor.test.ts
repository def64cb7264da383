import { describe, expect, it } from 'vitest';
import { bodyEditorReducer, initialBodyEditorState, type BodyEditorState } from '.';

const run = (...actions: Parameters<typeof bodyEditorReducer>[1][]): BodyEditorState =>
  actions.reduce(bodyEditorReducer, initialBodyEditorState);

describe('the body editor’s state', () => {
  it('starts in the form, opens the JSON view with the form’s body and comes back', () => {
    expect(initialBodyEditorState).toMatchObject({ mode: 'form', attempted: false, skipSchemaCheck: false });
    const json = run(
      { type: 'json-checked', issues: [{ path: 'a', message: 'x' }] },
      { type: 'show-json', text: '{}' },
    );
    expect(json).toMatchObject({ mode: 'json', jsonText: '{}', jsonError: undefined, jsonIssues: [] });
    expect(bodyEditorReducer(json, { type: 'show-form' }).mode).toBe('form');
  });

  it('keeps a refused text as typed with its message until the text is checked again', () => {
    const refused = run(
      { type: 'show-json', text: '{}' },
      { type: 'edit-json', text: '{"a": 1' },
      { type: 'json-error', message: 'The JSON is not valid' },
    );
    expect(refused).toMatchObject({ mode: 'json', jsonText: '{"a": 1', jsonError: 'The JSON is not valid' });
    const checked = bodyEditorReducer(refused, { type: 'json-checked', issues: [{ path: 'a', message: 'x' }] });
    expect(checked).toMatchObject({ jsonError: undefined, jsonIssues: [{ path: 'a', message: 'x' }] });
    // Typing again clears the findings: they were about the old text.
    expect(bodyEditorReducer(checked, { type: 'edit-json', text: '{}' }).jsonIssues).toEqual([]);
  });

  it('remembers "send anyway" and a tried send', () => {
    const state = run({ type: 'skip-schema-check', skip: true }, { type: 'attempt' });
    expect(state).toMatchObject({ skipSchemaCheck: true, attempted: true });
    expect(bodyEditorReducer(state, { type: 'attempt' })).toBe(state);
  });
});
