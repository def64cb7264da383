// The request headers, query parameters, tags and error statuses of each operation against the official 1.3.12 file
// (spec/psd2-api-1.3.12.json, The Berlin Group, CC BY 4.0).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationNames, operations } from './operations';
import {
  errorStatuses,
  operationTags,
  pathVariables,
  queryParameters,
  requestHeaderMeanings,
  requestHeaders,
} from './request-parameters';

type Node = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Node;
}

const spec = JSON.parse(readFileSync(new URL('../../spec/psd2-api-1.3.12.json', import.meta.url), 'utf8')) as Node & {
  paths: Record<string, Record<string, Node>>;
};

function resolve<T>(node: unknown): T {
  let current = node as Node;
  while (typeof current.$ref === 'string') {
    let target: unknown = spec;
    for (const part of current.$ref.replace(/^#\//, '').split('/')) target = (target as Node)[part];
    current = target as Node;
  }
  return current as T;
}

function specOperation(name: (typeof operationNames)[number]) {
  const { method, path } = operations[name];
  const item = spec.paths[path];
  const operation = item?.[method.toLowerCase()];
  if (!item || !operation) throw new Error(`${name}: ${method} ${path} is not in the official file`);
  const listed = (node: Node) => (Array.isArray(node.parameters) ? (node.parameters as unknown[]) : []);
  const parameters = [...listed(item as Node), ...listed(operation)].map((parameter) => resolve<Parameter>(parameter));
  return { operation, parameters };
}

const asPairs = (list: readonly { name: string; required: boolean }[]) =>
  list.map(({ name, required }) => `${name}${required ? ' (required)' : ''}`).sort();

describe.each(operationNames)('%s against the official file', (name) => {
  const { operation, parameters } = specOperation(name);

  it('has the same request headers, each required where the file requires it', () => {
    const official = parameters
      .filter((parameter) => parameter.in === 'header')
      .map((parameter) => ({ name: parameter.name, required: parameter.required === true }));
    expect(asPairs(requestHeaders[name])).toEqual(asPairs(official));
  });

  it('has the same query parameters, with their values and formats', () => {
    const official = parameters.filter((parameter) => parameter.in === 'query');
    const ours = queryParameters[name] ?? [];
    expect(asPairs(ours)).toEqual(
      asPairs(official.map((parameter) => ({ name: parameter.name, required: parameter.required === true }))),
    );
    for (const parameter of official) {
      const schema = resolve<Node>(parameter.schema);
      const own = ours.find((candidate) => candidate.name === parameter.name);
      expect(own?.values, parameter.name).toEqual(schema.enum);
      expect(own?.format, parameter.name).toEqual(schema.type === 'boolean' ? 'boolean' : schema.format);
    }
  });

  it('has the same path variables', () => {
    const official = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
    expect(pathVariables(operations[name].path).sort()).toEqual(official.sort());
  });

  it('is grouped under the same tags', () => {
    const names = {
      pis: 'Payment Initiation Service (PIS)',
      ais: 'Account Information Service (AIS)',
      piis: 'Confirmation of Funds Service (PIIS)',
      sbs: 'Signing Baskets Service (SBS)',
      common: 'Common Services',
    };
    expect(operationTags[name].map((tag) => names[tag]).sort()).toEqual([...(operation.tags as string[])].sort());
  });

  it('lists the success statuses and the common error statuses as its answers', () => {
    const statuses = Object.keys(operation.responses as Node).map(Number);
    expect(statuses.sort()).toEqual([...operations[name].successStatus, ...errorStatuses].sort());
  });
});

describe('request header meanings', () => {
  it('explains every header any operation takes', () => {
    const names = new Set(operationNames.flatMap((name) => requestHeaders[name].map((header) => header.name)));
    expect([...names].filter((header) => !(header in requestHeaderMeanings))).toEqual([]);
  });
});
