// Strings a hostile bank would send, for the property tests of everything the console writes for others to run:
// every line terminator, each quote kind, backslashes, template and shell substitutions, comment ends, NUL, astral
// characters and lone surrogates, in any order and number, mixed with arbitrary text.
import fc from 'fast-check';

/** The pieces that end a literal or a comment in one of the generated languages, or expand in a shell. */
export const HOSTILE_PIECES = [
  '\n',
  '\r',
  '\r\n',
  '\u0085',
  '\u2028',
  '\u2029',
  "'",
  '"',
  '`',
  '\\',
  "\\'",
  '\\"',
  '\\u0022',
  '\\u000a',
  '${',
  '}',
  '$(',
  ')',
  '$HOME',
  '*/',
  '/*',
  '//',
  '#',
  '<!--',
  '-->',
  '</script>',
  '<script>',
  '"""',
  "'''",
  ';',
  '|',
  '&',
  '\u0000',
  '\t',
  '\ufeff',
  '😀',
  'Ω',
  'ü',
  'globalThis.pwned=1',
  'process.exit(5)',
  "__import__('os')._exit(5)",
  'exit 5',
];

/** Printable ASCII pieces only: what a header value can carry (fetch and HTTP refuse line breaks and NUL there). */
export const HEADER_PIECES = HOSTILE_PIECES.filter((piece) => /^[\x20-\x7e]+$/.test(piece));

/** A hostile string: up to `maxPieces` hostile pieces and arbitrary strings, joined. */
export function hostileString(maxPieces = 8): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: 'binary', maxLength: 4 })), {
      maxLength: maxPieces,
    })
    .map((parts) => parts.join(''));
}

/** A hostile header value: printable ASCII, never starting or ending with a space (HTTP trims those). */
export function hostileHeaderValue(maxPieces = 6): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom(...HEADER_PIECES), fc.string({ maxLength: 4 })), { maxLength: maxPieces })
    .map((parts) => `h${parts.join('').replace(/[^\x20-\x7e]/g, '')}h`);
}

/** A hostile body member name: never empty. */
export function hostileName(): fc.Arbitrary<string> {
  return hostileString(4).map((name) => `m${name}`);
}
