// The one escaping rule per target language that every generator uses (Copy as code, exported Playwright tests).
// Every value written into a program came from a bank's answer or a form: it goes in as a literal of the target
// language, built by the target's own rules, so that the program reads back exactly that value and nothing in it can
// end the literal or the comment it sits in. Comments carry descriptions, never raw values.

const hex4 = (code: number) => code.toString(16).padStart(4, '0');

/** `\uXXXX` for one UTF-16 code unit. */
const unitEscape = (char: string) => `\\u${hex4(char.charCodeAt(0))}`;

/**
 * Characters a reader's tool may take as the end of a line, or that are invisible or unsafe in source: C0 and C1
 * controls, NEL, the line and paragraph separators, the byte order mark and lone surrogates.
 */
const UNSAFE_IN_SOURCE =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A JavaScript or TypeScript string literal: JSON's rules, with U+2028, U+2029 and the other unsafe characters escaped. */
export function jsString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, unitEscape);
}

/** The text between a template literal's backticks: reads back as `text`, with no substitution. */
export function jsTemplateText(text: string): string {
  return jsString(text).slice(1, -1).replace(/[`$]/g, '\\$&');
}

/**
 * Text for a `//`, `#` or `/* … *\/` comment in any of the generated languages: on one line, line terminators and other
 * control characters written as `\n`, `\r` or `<U+2028>`, `*\/` broken, and every backslash doubled (Java
 * reads `\u000a` as a line break even inside a comment).
 */
export function commentText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(UNSAFE_IN_SOURCE, (char) => {
      if (char === '\n') return '\\n';
      if (char === '\r') return '\\r';
      return `<U+${hex4(char.charCodeAt(0)).toUpperCase()}>`;
    })
    .replace(/\*\//g, '*\\/');
}

/** A POSIX shell word that expands to exactly `text`: single quotes, each `'` written as `'\''`. */
export function shellQuote(text: string): string {
  if (text.includes('\u0000')) throw new Error('A shell argument cannot carry a NUL character.');
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A Python 3 string literal: double quotes, backslash escapes for quotes, backslashes and unsafe characters. */
export function pyString(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\') out += '\\\\';
    else if (char === '"') out += '\\"';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code === 0x2028 || code === 0x2029 || code === 0xfeff || (code >= 0xd800 && code <= 0xdfff)) {
      out += `\\u${hex4(code)}`;
    } else out += char;
  }
  return `${out}"`;
}

/**
 * A C-family string literal with everything outside printable ASCII as `\uXXXX` (UTF-16 code units): Java and C#
 * both read it back as written, whatever encoding the compiler assumes for the source. A backslash is doubled, so no
 * `\u` of the value becomes one of Java's Unicode escapes.
 */
function asciiCString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    const code = text.charCodeAt(i);
    if (char === '\\') out += '\\\\';
    else if (char === '"') out += '\\"';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code > 0x7e) out += unitEscape(char);
    else out += char;
  }
  return `${out}"`;
}

/** A Java string literal. */
export const javaString = asciiCString;

/** A C# (regular, not verbatim) string literal. */
export const csharpString = asciiCString;

/** How a generator writes JSON-like values in its language. */
interface ValueSyntax {
  string: (text: string) => string;
  key: (name: string) => string;
  true: string;
  false: string;
  null: string;
}

const syntaxes = {
  js: {
    string: jsString,
    // `__proto__` as a plain key would set the object's prototype instead of adding the member.
    key: (name: string) => (name === '__proto__' ? `[${jsString(name)}]` : jsString(name)),
    true: 'true',
    false: 'false',
    null: 'null',
  },
  python: { string: pyString, key: pyString, true: 'True', false: 'False', null: 'None' },
} satisfies Record<string, ValueSyntax>;

export type ValueLanguage = keyof typeof syntaxes;

/**
 * A code expression for a member's value; undefined writes the value itself. `indent` is the member's own, for a
 * replacement that writes a nested literal of its own (valueLiteral(value, language, other, indent)).
 */
export type ValueReplacer = (name: string, value: unknown, indent: string) => string | undefined;

/**
 * A JSON value (a parsed request body) as a literal of `language`, indented by two spaces per level, object members
 * in order. `replace` may write a member's value as code of its own (a secret read from the environment).
 */
export function valueLiteral(value: unknown, language: ValueLanguage, replace?: ValueReplacer, indent = ''): string {
  const syntax: ValueSyntax = syntaxes[language];
  const inner = `${indent}  `;
  if (value === null || value === undefined) return syntax.null;
  if (typeof value === 'string') return syntax.string(value);
  if (typeof value === 'boolean') return value ? syntax.true : syntax.false;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : syntax.null;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map(
      (item, index) =>
        `${inner}${replace?.(String(index), item, inner) ?? valueLiteral(item, language, replace, inner)}`,
    );
    return `[\n${items.join(',\n')},\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    if (entries.length === 0) return '{}';
    const members = entries.map(([name, member]) => {
      const code = replace?.(name, member, inner) ?? valueLiteral(member, language, replace, inner);
      return `${inner}${syntax.key(name)}: ${code}`;
    });
    return `{\n${members.join(',\n')},\n${indent}}`;
  }
  return syntax.null;
}
