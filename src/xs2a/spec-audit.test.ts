// The console's answer schemas against the official 1.3.12 OpenAPI file (spec/psd2-api-1.3.12.json, The Berlin Group,
// CC BY 4.0): walks the success answer schema of every operation beside the file's schema for that answer, and lists
// each constraint the console adds (a required member, a minimum or maximum length, a pattern, an enum, a refinement)
// that the file does not have. A bank that follows 1.3.12 must never be reported as deviating, so the list must be
// empty, or each entry a decision written down below with its reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ConfirmationOfFunds } from './funds-confirmations';
import { messageCodeInfo, messageCodes, type MessageCodeArea } from './message-codes';
import {
  operationNames,
  operations,
  responseSchemaFor,
  type OperationName,
  type ResponseHeaderSpec,
} from './operations';

type SpecNode = Record<string, unknown>;

const spec = JSON.parse(
  readFileSync(new URL('../../spec/psd2-api-1.3.12.json', import.meta.url), 'utf8'),
) as SpecNode & { paths: Record<string, Record<string, SpecNode>> };

/**
 * Constraints the console keeps although the file does not have them, each with its reason: every finding of
 * `stricterConstraints` must match one of them, and each must match at least one finding.
 */
const documentedDecisions: { match: RegExp; reason: string }[] = [
  {
    match: /_links(\.[\w-]+|\{\})\.href: required, the file has it optional$/,
    reason:
      'hrefType leaves href optional, but a link without one cannot be followed: the console reports it (and still shows the answer).',
  },
];

function resolve(node: unknown): SpecNode {
  let current = node as SpecNode;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth += 1) {
    let target: unknown = spec;
    for (const part of current.$ref.replace(/^#\//, '').split('/')) target = (target as SpecNode)[part];
    current = target as SpecNode;
  }
  return current;
}

/** A schema node with its allOf merged and its oneOf/anyOf branches resolved. */
function normalise(node: unknown): SpecNode {
  const resolved = resolve(node);
  const allOf = resolved.allOf as unknown[] | undefined;
  const branches = (resolved.oneOf ?? resolved.anyOf) as unknown[] | undefined;
  if (branches) return { ...resolved, oneOf: branches.map(normalise) };
  if (!allOf) return resolved;
  const parts = allOf.map(normalise);
  return {
    ...resolved,
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as SpecNode,
    required: parts.flatMap((part) => (part.required as string[] | undefined) ?? []),
  };
}

/** The object branches of a oneOf merged as loosely as any branch allows: every member, required only in all. */
function mergedObject(node: SpecNode): SpecNode {
  const branches = (node.oneOf as SpecNode[] | undefined)?.map(normalise);
  if (!branches) return node;
  const objects = branches.filter((branch) => branch.properties);
  const required = objects
    .map((branch) => new Set((branch.required as string[] | undefined) ?? []))
    .reduce((all, next) => new Set([...all].filter((name) => next.has(name))));
  return {
    type: 'object',
    properties: Object.assign({}, ...objects.map((branch) => branch.properties)) as SpecNode,
    required: [...required],
  };
}

interface ZodDef {
  type: string;
  checks?: { _zod: { def: ZodCheckDef } }[];
  format?: string;
  pattern?: RegExp;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
  options?: z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  valueType?: z.core.$ZodType;
}
interface ZodCheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
}

/** A number member of a schema node of the file, if it has one. */
const numberAt = (node: SpecNode, key: string): number | undefined =>
  typeof node[key] === 'number' ? node[key] : undefined;
const defOf = (schema: z.core.$ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
const isOptional = (schema: z.core.$ZodType) =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** zod's formats that say the same as the file's. */
const sameFormat: Record<string, string[]> = {
  date: ['date'],
  datetime: ['date-time'],
  url: ['url', 'uri'],
  base64: ['byte'],
  uuid: ['uuid'],
  email: ['email'],
};

/**
 * A pattern in one spelling: anchored (the file's patterns describe whole values, as the Implementation Guidelines
 * read them), `{n,n}` as `{n}` and `{0,1}` as `?`.
 */
function patternSource(pattern: RegExp | string | undefined): string | undefined {
  if (pattern === undefined) return undefined;
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const anchored = `^${source.replace(/^\^/, '').replace(/\$$/, '')}$`;
  return anchored.replace(/\{(\d+),\1\}/g, '{$1}').replace(/\{0,1\}/g, '?');
}

/** The constraints of `schema` that `node` (the file's schema at the same place) does not have, as readable lines. */
function stricter(
  schema: z.core.$ZodType,
  node: SpecNode,
  path: string,
  out: string[],
  seen: Set<z.core.$ZodType>,
): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      if (def.innerType) stricter(def.innerType, node, path, out, seen);
      return;
    case 'pipe':
      if (def.in) stricter(def.in, node, path, out, seen);
      return;
    case 'lazy':
      if (def.getter) stricter(def.getter(), node, path, out, seen);
      return;
    case 'union':
      // Each option may meet any of the file's branches: a bank's answer matching one of them must pass.
      for (const option of def.options ?? []) stricter(option, node, path, out, seen);
      return;
    case 'intersection':
      if (def.left) stricter(def.left, node, path, out, seen);
      if (def.right) stricter(def.right, node, path, out, seen);
      return;
  }
  if (node.oneOf) {
    // Against a oneOf, an answer passes when it matches one branch: the branch most alike is the measure.
    const candidates = (node.oneOf as SpecNode[]).map((branch) => {
      const found: string[] = [];
      stricter(schema, normalise(branch), path, found, seen);
      return found;
    });
    out.push(...candidates.reduce((best, next) => (next.length < best.length ? next : best)));
    return;
  }
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'custom') out.push(`${path}: a refinement the file does not have`);
  }
  switch (def.type) {
    case 'object': {
      if (seen.has(schema)) return;
      seen.add(schema);
      const object = mergedObject(node);
      const properties = (object.properties ?? {}) as Record<string, unknown>;
      const required = new Set((object.required as string[] | undefined) ?? []);
      for (const [name, member] of Object.entries(def.shape ?? {})) {
        const at = path ? `${path}.${name}` : name;
        const specMember = properties[name];
        if (!isOptional(member) && !required.has(name)) out.push(`${at}: required, the file has it optional`);
        if (specMember === undefined) {
          if (!isOptional(member)) out.push(`${at}: a member the file does not define`);
          continue;
        }
        stricter(member, normalise(specMember), at, out, seen);
      }
      seen.delete(schema);
      return;
    }
    case 'array': {
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'min_length' && (c.minimum ?? 0) > (numberAt(node, 'minItems') ?? 0))
          out.push(`${path}: at least ${c.minimum} entries, the file ${numberAt(node, 'minItems') ?? 'none'}`);
        if (
          c.check === 'max_length' &&
          (numberAt(node, 'maxItems') === undefined || (c.maximum ?? 0) < (numberAt(node, 'maxItems') ?? 0))
        )
          out.push(`${path}: at most ${c.maximum} entries, the file ${numberAt(node, 'maxItems') ?? 'any'}`);
      }
      if (def.element && node.items) stricter(def.element, normalise(node.items), `${path}[]`, out, seen);
      return;
    }
    case 'record': {
      const values = node.additionalProperties;
      if (def.valueType && typeof values === 'object' && values !== null)
        stricter(def.valueType, normalise(values), `${path}{}`, out, seen);
      return;
    }
    case 'string': {
      const checks = [...(def.checks ?? []).map((check) => check._zod.def)];
      if (def.format) checks.push({ check: 'string_format', format: def.format, pattern: def.pattern });
      for (const c of checks) {
        if (c.check === 'min_length' && (c.minimum ?? 0) > (numberAt(node, 'minLength') ?? 0))
          out.push(`${path}: at least ${c.minimum} characters, the file ${numberAt(node, 'minLength') ?? 'none'}`);
        if (
          c.check === 'max_length' &&
          (numberAt(node, 'maxLength') === undefined || (c.maximum ?? 0) < (numberAt(node, 'maxLength') ?? 0))
        )
          out.push(`${path}: at most ${c.maximum} characters, the file ${numberAt(node, 'maxLength') ?? 'any length'}`);
        if (c.check === 'length_equals') out.push(`${path}: exactly ${c.length} characters`);
        if (c.check === 'string_format') {
          const format = c.format ?? '';
          if (format === 'regex') {
            const ours = patternSource(c.pattern);
            const theirs = patternSource(node.pattern as string | undefined);
            if (ours !== theirs) out.push(`${path}: the pattern ${ours}, the file ${theirs ?? 'none'}`);
          } else if (!(sameFormat[format] ?? []).includes(node.format as string)) {
            out.push(`${path}: the format ${format}, the file ${(node.format as string | undefined) ?? 'none'}`);
          }
        }
      }
      return;
    }
    case 'enum':
    case 'literal': {
      const ours = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []).map(String));
      const theirs = node.enum as unknown[] | undefined;
      if (!theirs) out.push(`${path}: only ${[...ours].join(', ')}, the file any value`);
      else {
        const missing = theirs.map(String).filter((value) => !ours.has(value));
        if (missing.length > 0) out.push(`${path}: rejects ${missing.join(', ')}, which the file allows`);
      }
      return;
    }
    case 'number': {
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'greater_than' && node.minimum === undefined)
          out.push(`${path}: at least ${c.value}, the file has no minimum`);
        if (c.check === 'less_than' && node.maximum === undefined)
          out.push(`${path}: at most ${c.value}, the file has no maximum`);
        if (c.check === 'number_format' && node.type !== 'integer') out.push(`${path}: an integer, the file a number`);
      }
      return;
    }
    default:
      return;
  }
}

/** The file's success answer schema of an operation (JSON), by operationId. */
function specAnswer(name: OperationName): { status: string; schema: SpecNode }[] {
  for (const item of Object.values(spec.paths)) {
    for (const operation of Object.values(item)) {
      if (operation.operationId !== name) continue;
      return Object.entries(operation.responses as Record<string, unknown>)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([status, response]) => {
          const content = resolve(response).content as Record<string, { schema: unknown }> | undefined;
          const json = content?.['application/json'];
          return json ? [{ status, schema: normalise(json.schema) }] : [];
        });
    }
  }
  throw new Error(`${name} is not in the file`);
}

/** Every constraint of the console's answer schemas that the official file does not have. */
function stricterConstraints(): string[] {
  const found: string[] = [];
  for (const name of operationNames) {
    for (const { status, schema: node } of specAnswer(name)) {
      const services = name === 'getPaymentInformation' ? (['payments', 'periodic-payments'] as const) : [undefined];
      for (const paymentService of services) {
        const schema = responseSchemaFor(name, { status: Number(status), paymentService });
        if (!schema) continue;
        // getPaymentInformation: the file's oneOf branch of this payment service.
        const branches = node.oneOf as SpecNode[] | undefined;
        const target =
          paymentService && branches
            ? (branches.find((branch) =>
                paymentService === 'periodic-payments'
                  ? 'frequency' in ((branch.properties as object | undefined) ?? {})
                  : !('frequency' in ((branch.properties as object | undefined) ?? {})) &&
                    !('payments' in ((branch.properties as object | undefined) ?? {})),
              ) ?? node)
            : node;
        const lines: string[] = [];
        stricter(schema, target, '', lines, new Set());
        const label = `${name}${paymentService ? ` (${paymentService})` : ''} ${status}`;
        for (const line of new Set(lines)) found.push(`${label} ${line}`);
      }
    }
  }
  return found;
}

/** Response headers the console requires that the file has optional. */
function stricterHeaders(): string[] {
  const found: string[] = [];
  for (const name of operationNames) {
    for (const item of Object.values(spec.paths)) {
      for (const operation of Object.values(item)) {
        if (operation.operationId !== name) continue;
        for (const [status, response] of Object.entries(operation.responses as Record<string, unknown>)) {
          if (!status.startsWith('2')) continue;
          const headers = (resolve(response).headers ?? {}) as Record<string, unknown>;
          for (const header of operations[name].responseHeaders as readonly ResponseHeaderSpec[]) {
            const defined = headers[header.name];
            const required = defined !== undefined && resolve(defined).required === true;
            if (defined === undefined) found.push(`${name} ${status}: ${header.name} is not a header of this answer`);
            else if (header.presence === 'required' && !required && !header.stricterBecause)
              found.push(`${name} ${status}: ${header.name} required, the file has it optional`);
          }
        }
      }
    }
  }
  return found;
}

describe('the console’s answer schemas against the official 1.3.12 file', () => {
  it('asks nothing of an answer that 1.3.12 does not, except the decisions written down here', () => {
    const found = stricterConstraints();
    expect(found.filter((line) => !documentedDecisions.some(({ match }) => match.test(line)))).toEqual([]);
    // A decision that no longer matches anything is stale.
    expect(documentedDecisions.filter(({ match }) => !found.some((line) => match.test(line)))).toEqual([]);
  });

  it('checks only headers the file defines for each answer, and requires more only with a reason', () => {
    expect(stricterHeaders()).toEqual([]);
  });

  it('finds a required member, a narrower enum, a pattern and a refinement that the file does not have', () => {
    const lines: string[] = [];
    const schema = z.object({
      scaStatus: z.enum(['received', 'finalised']),
      iban: z.string().regex(/^DE\d{20}$/),
      name: z.string().refine((value) => value.trim() !== ''),
      psuMessage: z.string(),
    });
    const node: SpecNode = {
      type: 'object',
      required: ['scaStatus'],
      properties: {
        scaStatus: { type: 'string', enum: ['received', 'started', 'finalised'] },
        iban: { type: 'string', pattern: '[A-Z]{2,2}[0-9]{2,2}[a-zA-Z0-9]{1,30}' },
        name: { type: 'string' },
        psuMessage: { type: 'string', maxLength: 500 },
      },
    };
    stricter(schema, node, '', lines, new Set());
    expect(lines).toEqual([
      'scaStatus: rejects started, which the file allows',
      'iban: required, the file has it optional',
      'iban: the pattern ^DE\\d{20}$, the file ^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$',
      'name: required, the file has it optional',
      'name: a refinement the file does not have',
      'psuMessage: required, the file has it optional',
    ]);
  });

  it('finds a constraint stricter than the file where there is one', () => {
    // The walk itself: an answer schema that required a length the file leaves open would be listed.
    const lines: string[] = [];
    const strictId = {
      _zod: { def: { type: 'string', checks: [{ _zod: { def: { check: 'min_length', minimum: 1 } } }] } },
    };
    stricter(
      strictId as unknown as z.core.$ZodType,
      { type: 'string', maxLength: 35 },
      'authenticationMethodId',
      lines,
      new Set(),
    );
    expect(lines).toEqual(['authenticationMethodId: at least 1 characters, the file none']);
  });
});

describe('the message codes of each service area against the official 1.3.12 file', () => {
  const schemas = (spec.components as { schemas: Record<string, SpecNode> }).schemas;
  const areas: Record<MessageCodeArea, string> = { pis: 'PIS', ais: 'AIS', piis: 'PIIS', sbs: 'SBS' };

  it.each(Object.keys(areas) as MessageCodeArea[])('%s: each error status allows exactly the file’s codes', (area) => {
    const suffix = `_${areas[area]}`;
    // MessageCode405_PIS_CANC (DELETE of a payment) adds CANCELLATION_INVALID to MessageCode405_PIS: one status, both.
    const tables = Object.keys(schemas).filter((name) => /^MessageCode\d{3}_/.test(name) && name.endsWith(suffix));
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const status = Number(table.slice('MessageCode'.length, 'MessageCode'.length + 3));
      const variants = [table, `${table}_CANC`].map((name) => (schemas[name]?.enum as string[] | undefined) ?? []);
      const theirs = [...new Set(variants.flat())].sort();
      const ours = messageCodes.filter((code) => messageCodeInfo[code][area].includes(status)).sort();
      expect(ours, table).toEqual(theirs);
    }
  });
});

describe('the funds confirmation request body against the official 1.3.12 file', () => {
  it('has the members of confirmationOfFunds, required where the file requires them', () => {
    const operation = spec.paths['/v1/funds-confirmations']?.post as SpecNode;
    const content = resolve(operation.requestBody).content as Record<string, { schema: unknown }>;
    const node = normalise(content['application/json']?.schema);
    const shape = (ConfirmationOfFunds as unknown as { _zod: { def: ZodDef } })._zod.def.shape ?? {};
    expect(Object.keys(shape).sort()).toEqual(Object.keys(node.properties as SpecNode).sort());
    const required = Object.keys(shape).filter((name) => !isOptional(shape[name] as z.core.$ZodType));
    expect(required.sort()).toEqual([...(node.required as string[])].sort());
    for (const name of ['cardNumber', 'payee']) {
      const lines: string[] = [];
      const member = (node.properties as Record<string, unknown>)[name];
      stricter(shape[name] as z.core.$ZodType, normalise(member), name, lines, new Set());
      expect(lines, name).toEqual([]);
    }
  });
});
