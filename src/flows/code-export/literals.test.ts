// The escaping rules themselves, by property: each literal reads back as its value by its language's rules, and a
// comment stays one line that nothing can end.
/* eslint-disable no-control-regex -- the tests look for control characters */
import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../../testing/hostile-strings';
import {
  commentText,
  csharpString,
  javaString,
  jsString,
  jsTemplateText,
  pyString,
  shellQuote,
  valueLiteral,
} from './literals';

/** Reads a C-family literal back by the escapes Java and C# share (`\\ \" \n \r \t \uXXXX`). */
function readCString(literal: string): string {
  expect(literal.startsWith('"') && literal.endsWith('"')).toBe(true);
  const simple: Record<string, string> = { '\\': '\\', '"': '"', n: '\n', r: '\r', t: '\t' };
  return literal
    .slice(1, -1)
    .replace(/\\(u[0-9a-f]{4}|.)/g, (_, escape: string) =>
      escape.length === 5 ? String.fromCharCode(parseInt(escape.slice(1), 16)) : (simple[escape] ?? `\\${escape}`),
    );
}

const RUNS = 500;

/** Runs a function body in V8, in a context of its own. */
const evaluate = (body: string): unknown => vm.runInNewContext(`(function () {\n${body}\n})()`);

describe('the literal rules', () => {
  it('JavaScript: a string literal and a template text evaluate back to the value', () => {
    fc.assert(
      fc.property(hostileString(), (text) => {
        expect(evaluate(`return ${jsString(text)};`)).toBe(text);
        expect(evaluate(`return \`${jsTemplateText(text)}\`;`)).toBe(text);
        expect(jsString(text)).not.toMatch(/[\n\r\u2028\u2029]/);
      }),
      { numRuns: RUNS },
    );
  });

  it('Java and C#: printable ASCII only, read back by their escapes, and no backslash-u of the value left', () => {
    fc.assert(
      fc.property(hostileString(), (text) => {
        for (const literal of [javaString(text), csharpString(text)]) {
          expect(literal).toMatch(/^[\x20-\x7e]*$/);
          expect(readCString(literal)).toBe(text);
          // Every backslash is the start of an escape the literal meant: a doubled one, or one of its own \u escapes.
          expect(literal.slice(1, -1).replace(/\\\\|\\u[0-9a-f]{4}|\\[nrt"]/g, '')).not.toContain('\\');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('comments: one line, no comment end, and no line break a reader could find', () => {
    fc.assert(
      fc.property(hostileString(), (text) => {
        const comment = commentText(text);
        expect(comment).not.toMatch(/[\n\r\u0085\u2028\u2029\u0000]/);
        expect(comment).not.toContain('*/');
        expect(comment).not.toMatch(/(^|[^\\])(\\\\)*\\u/);
        // A JavaScript comment around it ends where it should.
        expect(evaluate(`// ${comment}\nreturn 1;`)).toBe(1);
        expect(evaluate(`/* ${comment} */ return 2;`)).toBe(2);
      }),
      { numRuns: RUNS },
    );
  });

  it('shell: one single-quoted word, and a NUL is refused rather than cut', () => {
    fc.assert(
      fc.property(hostileString(), (text) => {
        if (text.includes('\u0000')) expect(() => shellQuote(text)).toThrow(/NUL/);
        else expect(shellQuote(text)).toBe(`'${text.split("'").join(`'\\''`)}'`);
      }),
      { numRuns: RUNS },
    );
  });

  it('Python: no raw line break, control character or surrogate inside the literal', () => {
    fc.assert(
      fc.property(hostileString(), (text) => {
        expect(pyString(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/u);
      }),
      { numRuns: RUNS },
    );
  });

  it('values: a JSON value as a JavaScript literal evaluates to an equal value, __proto__ members included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const code = valueLiteral(value, 'js');
        expect(JSON.stringify(evaluate(`return ${code};`))).toBe(JSON.stringify(value));
      }),
      { numRuns: RUNS },
    );
    const proto = JSON.parse('{"__proto__": {"x": 1}, "a": 2}') as unknown;
    expect(JSON.stringify(evaluate(`return ${valueLiteral(proto, 'js')};`))).toBe(JSON.stringify(proto));
  });
});
