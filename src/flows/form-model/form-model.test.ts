import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import {
  bodyIssues,
  cannotShowMessage,
  describeType,
  issueMessage,
  memberPaths,
  memberTypes,
  normaliseSpecPath,
  parseJsonObject,
  placeIssues,
  readMember,
} from '.';

function firstIssue(schema: z.ZodType, value: unknown): z.core.$ZodIssue {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a finding');
  const [issue] = result.error.issues;
  if (!issue) throw new Error('expected a finding');
  return issue;
}

describe('reading the JSON view', () => {
  it('parses an object and refuses anything else with a message', () => {
    expect(parseJsonObject('{"a": 1}')).toEqual({ ok: true, body: { a: 1 } });
    expect(parseJsonObject('{')).toEqual({
      ok: false,
      message: expect.stringMatching(/^The JSON is not valid: /) as unknown,
    });
    expect(parseJsonObject('[1]')).toEqual({ ok: false, message: 'The body must be a JSON object ({ … }).' });
    expect(parseJsonObject('null')).toEqual({ ok: false, message: 'The body must be a JSON object ({ … }).' });
  });

  it('names JSON types and lists leaf paths', () => {
    expect([null, [], 1, 'x', true, {}].map(describeType)).toEqual([
      'null',
      'a list',
      'a number',
      'a string',
      'a boolean',
      'a object',
    ]);
    expect(memberPaths({ a: { b: 1, c: {} }, d: 'x' }, 'access.')).toEqual(['access.a.b', 'access.a.c', 'access.d']);
  });

  it('reads a member of the type the form holds and names one of another type', () => {
    const problems: string[] = [];
    expect(readMember('x', memberTypes.string, 'name', problems)).toBe('x');
    expect(readMember(undefined, memberTypes.string, 'name', problems)).toBeUndefined();
    expect(readMember(['1', '2'], memberTypes.strings, 'months', problems)).toEqual(['1', '2']);
    expect(readMember(12.5, memberTypes.string, 'amount', problems)).toBeUndefined();
    expect(readMember('true', memberTypes.boolean, 'flag', problems)).toBeUndefined();
    expect(readMember([1], memberTypes.strings, 'months', problems)).toBeUndefined();
    expect(problems).toEqual([
      'amount is a number, not a string',
      'flag is a string, not true or false',
      'months is a list, not a list of strings',
    ]);
    expect(cannotShowMessage(problems.slice(0, 1))).toBe(
      'The form cannot show this body: amount is a number, not a string. Fix it here or send it from the JSON view.',
    );
  });
});

describe('spec paths', () => {
  it('reads every notation banks use the same way', () => {
    expect(normaliseSpecPath('$.access.accounts[0].iban')).toBe('access.accounts.0.iban');
    expect(normaliseSpecPath('/instructedAmount/amount')).toBe('instructedAmount.amount');
    expect(normaliseSpecPath("creditorAccount['iban']")).toBe('creditorAccount.iban');
    expect(normaliseSpecPath(' ..a..b.. ')).toBe('a.b');
  });
});

describe('schema findings', () => {
  it('lists findings with the spec’s paths', () => {
    const schema = z.object({ a: z.object({ b: z.string() }) });
    expect(bodyIssues(schema.safeParse({ a: { b: 'x' } }))).toEqual([]);
    expect(bodyIssues(schema.safeParse({ a: { b: 1 } }))).toEqual([
      { path: 'a.b', message: expect.any(String) as unknown },
    ]);
    expect(bodyIssues(schema.safeParse(1))[0]?.path).toBe('(body)');
  });

  it('turns findings into sentences about the field', () => {
    expect(issueMessage(firstIssue(z.string().max(3), 'abcd'), 'Name')).toBe('Name must be at most 3 characters.');
    expect(issueMessage(firstIssue(z.array(z.string()).max(1), ['a', 'b']), 'Months')).toBe(
      'Months has too many entries (at most 1).',
    );
    expect(issueMessage(firstIssue(z.string().min(1), ''), 'Name')).toBe('Name must not be empty.');
    expect(issueMessage(firstIssue(z.number().min(1), 0), 'Reads')).toBe('Reads must be at least 1.');
    expect(issueMessage(firstIssue(z.array(z.string()).min(1), []), 'Months')).toBe('Months has too few entries.');
    expect(issueMessage(firstIssue(z.enum(['a', 'b']), 'c'), 'Rule')).toBe('Rule must be one of: a, b.');
    expect(issueMessage(firstIssue(z.number().int(), 'x'), 'Reads')).toBe('Reads must be a whole number.');
    expect(issueMessage(firstIssue(z.boolean(), 'x'), 'Flag')).toBe('Flag has the wrong type (expected boolean).');
    const custom = (message: string) =>
      firstIssue(
        z.string().refine(() => false, { message }),
        'x',
      );
    expect(issueMessage(custom('must be 1 for a one-off consent.'), 'Reads')).toBe(
      'Reads must be 1 for a one-off consent.',
    );
    expect(issueMessage(custom('IBAN check digits do not match'), 'IBAN')).toBe('IBAN check digits do not match.');
  });
});

describe('placing schema findings', () => {
  const schema = z.object({ name: z.string().max(3), extra: z.object({ code: z.string() }), note: z.number() });
  const labels = { name: 'Name', note: 'Note' } as const;
  const fieldOf = (path: string) => (path === 'name' || path === 'note' ? path : undefined);

  it('puts the first finding about a field under it and keeps the others with their paths', () => {
    const errors: Partial<Record<'name' | 'note', string>> = { note: 'Enter a note.' };
    const others = placeIssues(schema.safeParse({ name: 'long', extra: {}, note: 'x' }), errors, {
      fieldOf,
      labelOf: (field) => labels[field],
    });
    expect(errors).toEqual({ name: 'Name must be at most 3 characters.', note: 'Enter a note.' });
    expect(others.map((issue) => issue.path)).toEqual(['extra.code']);
  });

  it('drops findings another sentence covers, and names the body as a whole "(body)"', () => {
    const errors: Partial<Record<'name' | 'note', string>> = {};
    const covered = placeIssues(schema.safeParse({ name: 'a', extra: {}, note: 1 }), errors, {
      fieldOf,
      labelOf: (field) => labels[field],
      covered: (path) => path.startsWith('extra'),
    });
    expect(covered).toEqual([]);
    const whole = placeIssues(schema.safeParse('text'), errors, { fieldOf, labelOf: (field) => labels[field] });
    expect(whole.map((issue) => issue.path)).toEqual(['(body)']);
    expect(errors).toEqual({});
  });

  it('places nothing when the body matches', () => {
    const errors = {};
    expect(
      placeIssues(schema.safeParse({ name: 'a', extra: { code: 'x' }, note: 1 }), errors, { fieldOf, labelOf: String }),
    ).toEqual([]);
    expect(errors).toEqual({});
  });
});
