// The raw JSON view of a request body that a form also edits (payments, consents): the text, the schema findings, the
// choice to send a body the schema refuses, and the note of members only the JSON view sets.
import { ErrorCallout } from './error-callout';
import { Field } from './field';
import { Checkbox, Textarea } from './inputs';
import { maskedBodyText, useMaskedWhileIdle } from './masked-while-idle';

export interface BodyFinding {
  path: string;
  message: string;
}

export interface JsonBodyEditorProps {
  text: string;
  onTextChange: (text: string) => void;
  /** The JSON does not parse, or the form cannot show it. */
  error?: string | undefined;
  /** Findings of the schema check; shown with `findingsTitle`. */
  findings: BodyFinding[];
  findingsTitle: string;
  /** Under the findings; the default asks to fix them or tick the box to send anyway. */
  findingsSummary?: string;
  /** The box that lets a body the schema refuses be sent; left out where nothing blocks sending. */
  skipSchemaCheck?: boolean;
  onSkipSchemaCheckChange?: (skip: boolean) => void;
  /** Under the text; the default says the form edits the same body. */
  hint?: string;
  rows?: number;
}

export function JsonBodyEditor(props: JsonBodyEditorProps) {
  const { text, onTextChange, error, findings, findingsTitle, skipSchemaCheck, onSkipSchemaCheckChange } = props;
  const shown = useMaskedWhileIdle(text, maskedBodyText);
  const summary =
    props.findingsSummary ??
    (skipSchemaCheck ? 'It will be sent anyway.' : 'Fix it, or tick the box below to send it anyway.');
  return (
    <div className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <Field
        label="Request body (JSON)"
        hint={props.hint ?? 'Edits the same body as the form. Switching back to the form reads it into the fields.'}
        error={error}
      >
        <Textarea
          {...shown}
          rows={props.rows ?? 18}
          spellCheck={false}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </Field>
      {findings.length > 0 && (
        <ErrorCallout
          title={findingsTitle}
          summary={summary}
          messages={findings.map((finding) => ({ path: finding.path, text: finding.message }))}
        />
      )}
      {onSkipSchemaCheckChange && (
        <Checkbox
          label="Send even if the body does not match the schema"
          hint="To see how the bank answers a body the spec does not allow."
          checked={skipSchemaCheck ?? false}
          onChange={(event) => onSkipSchemaCheckChange(event.target.checked)}
        />
      )}
    </div>
  );
}

/** Members of the body that only the JSON view set: the form keeps and sends them. */
export function KeptMembersNote({ paths }: { paths: readonly string[] }) {
  if (paths.length === 0) return null;
  return (
    <p className="rounded border border-slate-200 bg-white p-3 text-sm text-slate-700">
      Also sent, as set in the JSON view:{' '}
      {paths.map((path, index) => (
        <span key={path}>
          {index > 0 && ', '}
          <code className="font-mono text-xs">{path}</code>
        </span>
      ))}
      .
    </p>
  );
}
