// The 1.3.12 answer schemas an exported test checks bodies against: the zod schemas of src/xs2a turned into JSON
// schema for the operations the flow touched, with every piece used more than once (amounts, account references,
// links…) stored once under `$defs`, so the file carries a compact copy and needs no schema library.
import * as z from 'zod';
import { matchOperation, responseSchemaFor, type OperationName } from '../../xs2a/operations';
import { PaymentService } from '../../xs2a/enums';

type JsonSchema = boolean | { [keyword: string]: unknown };

/** The schemas by key (see `schemaKeyOf`), and the pieces they share. */
export interface FlowSchemas {
  schemas: Record<string, JsonSchema>;
  defs: Record<string, JsonSchema>;
}

/** Where a keyword holds one schema, a map of schemas or a list of them (the keywords zod's JSON schema uses). */
const single = ['items', 'additionalProperties', 'propertyNames', 'not', 'contains'];
const maps = ['properties', 'patternProperties', '$defs'];
const lists = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** Rebuilds a schema bottom-up, passing each sub-schema (not the maps that hold them) through `visit`. */
function mapSchema(schema: JsonSchema, visit: (schema: JsonSchema) => JsonSchema): JsonSchema {
  if (typeof schema !== 'object') return visit(schema);
  const copy: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$schema') continue;
    if (single.includes(keyword) && typeof value === 'object' && value !== null) {
      copy[keyword] = mapSchema(value as JsonSchema, visit);
    } else if (maps.includes(keyword) && typeof value === 'object' && value !== null) {
      copy[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, member]) => [name, mapSchema(member as JsonSchema, visit)]),
      );
    } else if (lists.includes(keyword) && Array.isArray(value)) {
      copy[keyword] = value.map((member) => mapSchema(member as JsonSchema, visit));
    } else copy[keyword] = value;
  }
  return visit(copy);
}

/** Pieces shorter than this stay inline: a `$ref` would not make the file smaller. */
const MIN_SHARED_LENGTH = 60;

/** Stores each sub-schema that occurs more than once (and is worth it) once, under `$defs`, as `d0`, `d1`… */
export function shareRepeatedParts(schemas: Record<string, JsonSchema>): FlowSchemas {
  const counts = new Map<string, number>();
  const count = (schema: JsonSchema) => {
    const text = JSON.stringify(schema);
    if (typeof schema === 'object' && text.length >= MIN_SHARED_LENGTH) counts.set(text, (counts.get(text) ?? 0) + 1);
    return schema;
  };
  for (const schema of Object.values(schemas)) mapSchema(schema, count);
  const names = new Map<string, string>();
  const defs: Record<string, JsonSchema> = {};
  // Bottom-up: a shared piece inside a shared piece is named first, and the outer one refers to it.
  const share = (schema: JsonSchema): JsonSchema => {
    const text = JSON.stringify(schema);
    const original = JSON.stringify(unshared(schema, defs));
    if ((counts.get(original) ?? 0) < 2) return schema;
    let name = names.get(original);
    if (name === undefined) {
      name = `d${names.size}`;
      names.set(original, name);
      defs[name] = JSON.parse(text) as JsonSchema;
    }
    return { $ref: `#/$defs/${name}` };
  };
  const shared = Object.fromEntries(
    Object.entries(schemas).map(([key, schema]) => {
      const rebuilt = mapSchema(schema, share);
      // A whole answer schema stays under its own key, not as a bare reference.
      const top =
        typeof rebuilt === 'object' && typeof rebuilt.$ref === 'string' ? defs[rebuilt.$ref.slice(8)] : rebuilt;
      return [key, top ?? rebuilt];
    }),
  );
  return { schemas: shared, defs };
}

/** A schema with its `$ref`s into `defs` put back, to recognise a piece by what it was before sharing. */
function unshared(schema: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  return mapSchema(schema, (part) =>
    typeof part === 'object' && typeof part.$ref === 'string' ? unshared(defs[part.$ref.slice(8)] ?? true, defs) : part,
  );
}

/** The key of the schema an answer is checked against, or undefined when 1.3.12 gives that answer no body to check. */
export function schemaKeyOf(method: string, url: string, status: number): string | undefined {
  if (status < 200 || status >= 300 || status === 204) return undefined;
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const match = matchOperation(method, pathname);
  if (!match) return undefined;
  const service = match.params['payment-service'];
  return match.name === 'getPaymentInformation' && service ? `${match.name}:${service}` : match.name;
}

function schemaFor(key: string): z.core.$ZodType | undefined {
  const [name, service] = key.split(':') as [OperationName, string | undefined];
  const paymentService = service === undefined ? undefined : PaymentService.parse(service);
  return responseSchemaFor(name, paymentService ? { paymentService } : {});
}

/** The JSON schemas of the answers under `keys`, compacted. */
export function flowSchemas(keys: Iterable<string>): FlowSchemas {
  const schemas: Record<string, JsonSchema> = {};
  for (const key of [...new Set(keys)].sort()) {
    const schema = schemaFor(key);
    if (schema) schemas[key] = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' });
  }
  return shareRepeatedParts(schemas);
}
