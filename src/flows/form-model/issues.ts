// Schema findings about a request body: as sentences about the field that shows the member, or as the spec's path
// with zod's message for members no field shows.
import type * as z from 'zod/mini';

export interface BodyIssue {
  path: string;
  message: string;
}

/** A finding's path as the spec writes it ("instructedAmount.amount"), "(body)" for the body as a whole. */
export function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join('.');
}

/** Every finding of a schema check, with the spec's paths; none when the body matches. */
export function bodyIssues(result: z.util.SafeParseResult<unknown>): BodyIssue[] {
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issuePath(issue) || '(body)', message: issue.message }));
}

/** Where a form shows the findings of a schema check. */
export interface IssuePlacement<Field extends string> {
  /** The field that shows the member at a spec path, if any. */
  fieldOf: (path: string) => Field | undefined;
  /** The field's label, for the sentence under it. */
  labelOf: (field: Field) => string;
  /** True for a finding no field shows that a sentence already under a field covers. */
  covered?: (path: string) => boolean;
}

/**
 * Places a schema check's findings: the first finding about a field becomes a sentence under it (unless `errors`
 * already has one there); findings no field shows are returned with the spec's path, unless `covered`.
 */
export function placeIssues<Field extends string>(
  result: z.util.SafeParseResult<unknown>,
  errors: Partial<Record<Field, string>>,
  placement: IssuePlacement<Field>,
): BodyIssue[] {
  const otherIssues: BodyIssue[] = [];
  if (result.success) return otherIssues;
  for (const issue of result.error.issues) {
    const path = issuePath(issue);
    const field = placement.fieldOf(path);
    if (field) {
      errors[field] ??= issueMessage(issue, placement.labelOf(field));
    } else if (!placement.covered?.(path)) {
      otherIssues.push({ path: path || '(body)', message: issue.message });
    }
  }
  return otherIssues;
}

function sizeMessage(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall, label: string): string {
  if (issue.code === 'too_big') {
    return issue.origin === 'string'
      ? `${label} must be at most ${String(issue.maximum)} characters.`
      : `${label} has too many entries (at most ${String(issue.maximum)}).`;
  }
  if (issue.origin === 'string') return `${label} must not be empty.`;
  if (issue.origin === 'number') return `${label} must be at least ${String(issue.minimum)}.`;
  return `${label} has too few entries.`;
}

/** Turns a zod finding into a sentence about the field labelled `label`. */
export function issueMessage(issue: z.core.$ZodIssue, label: string): string {
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue, label);
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_type':
      return issue.expected === 'int' || issue.expected === 'number'
        ? `${label} must be a whole number.`
        : `${label} has the wrong type (expected ${issue.expected}).`;
    default: {
      const text = issue.message.replace(/\.$/, '');
      if (/^(must|is|has|needs|requests)\b/.test(text)) return `${label} ${text}.`;
      // A sentence of its own (e.g. "IBAN check digits do not match"): shown under the field as it is.
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    }
  }
}
