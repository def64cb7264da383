// The relay's targets, read from a JSON file named by --relay-config / RELAY_CONFIG and checked once at start.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as z from 'zod';

export const DEFAULT_RELAY_TIMEOUT_MS = 30_000;

const httpUrl = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && !/[?#]/.test(value);
    } catch {
      return false;
    }
  },
  { message: 'must be an http:// or https:// URL without ?query or #fragment, e.g. https://api.bank.example/psd2' },
);

// Strict objects: a misspelt key (or a setting of a later version) is an error rather than silently ignored.
// Per-target `tls` and `signing` (files relative to the config's folder) are meant to join this object.
const targetSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, { message: 'must be letters, digits, ".", "_" or "-", e.g. bank-a' }),
  baseUrl: httpUrl,
  timeoutMs: z
    .number()
    .int({ message: 'must be a whole number of milliseconds' })
    .positive({ message: 'must be a positive number of milliseconds' })
    .max(600_000, { message: 'must be at most 600000 (10 minutes)' })
    .optional(),
});

const fileSchema = z.strictObject({ targets: z.array(targetSchema) }).superRefine((value, ctx) => {
  const seen = new Set<string>();
  value.targets.forEach((target, index) => {
    if (seen.has(target.id)) {
      ctx.addIssue({ code: 'custom', path: ['targets', index, 'id'], message: `"${target.id}" is used twice` });
    }
    seen.add(target.id);
  });
});

export interface RelayTarget {
  id: string;
  baseUrl: string;
  timeoutMs: number;
}

export interface RelayConfig {
  /** The folder of the config file: later settings (certificates, keys) name files relative to it. */
  dir: string | undefined;
  targets: RelayTarget[];
}

export const emptyRelayConfig: RelayConfig = { dir: undefined, targets: [] };

/** A config file that cannot be used; its message is one line meant for the user as it is. */
export class RelayConfigError extends Error {
  override name = 'RelayConfigError';
}

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path)
    text += typeof segment === 'number' ? `[${segment}]` : `${text ? '.' : ''}${String(segment)}`;
  return text || '(file)';
}

/** The targets of a parsed config document; `file` names it in messages and gives the folder for relative paths. */
export function parseRelayConfig(document: unknown, file: string): RelayConfig {
  const result = fileSchema.safeParse(document);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${pathText(issue.path)} ${issue.message}`);
    throw new RelayConfigError(`Relay config ${file}: ${problems.join('; ')}`);
  }
  return {
    dir: dirname(resolve(file)),
    targets: result.data.targets.map((target) => ({
      id: target.id,
      baseUrl: target.baseUrl.replace(/\/+$/, ''),
      timeoutMs: target.timeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS,
    })),
  };
}

export function loadRelayConfig(file: string): RelayConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RelayConfigError(
      `Relay config ${file} cannot be read${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}.`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new RelayConfigError(`Relay config ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseRelayConfig(document, file);
}
