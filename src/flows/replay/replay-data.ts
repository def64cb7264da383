// What a replay file carries: one flow's story (the steps in plain words), its state map and its exchanges, with
// secrets removed and, when it was saved in presenter mode, bank data masked. The file embeds it as a JSON data block;
// the console reads it back only through this schema, so a file edited by hand (or by anyone) can show nothing but
// text.
import * as z from 'zod/mini';

export const REPLAY_FORMAT = 'xs2a-console-replay';
export const REPLAY_VERSION = 1;
/** The id of the data block in the file. */
export const REPLAY_DATA_ID = 'xs2a-replay-data';

const lane = z.enum(['tpp', 'bank', 'psu']);
const tone = z.enum(['ok', 'failed', 'waiting', 'neutral']);

const step = z.object({
  id: z.string(),
  kind: z.enum(['exchange', 'psu', 'hand-over', 'return', 'waiting']),
  at: z.number(),
  tone,
  label: z.string(),
  detail: z.optional(z.string()),
  arrows: z.array(z.object({ from: lane, to: lane, text: z.string(), answer: z.optional(z.boolean()) })),
  exchangeId: z.optional(z.string()),
  exchangeIds: z.optional(z.array(z.string())),
  reads: z.optional(z.number().check(z.int(), z.nonnegative())),
  changed: z.optional(z.boolean()),
  number: z.optional(z.number().check(z.int(), z.positive())),
});

const story = z.object({
  flow: z.string(),
  subject: z.enum(['payment', 'consent', 'basket', 'resource']),
  steps: z.array(step),
  outcome: z.optional(z.object({ tone, label: z.string() })),
  masked: z.boolean(),
});

const headers = z.record(z.string(), z.string());

/** One exchange as the replay keeps it: its texts only, already redacted (and masked in presenter mode). */
const replayExchange = z.object({
  id: z.string(),
  operationId: z.string(),
  requestId: z.string(),
  startedAt: z.number(),
  durationMs: z.optional(z.number()),
  method: z.string(),
  url: z.string(),
  requestHeaders: headers,
  requestBody: z.optional(z.string()),
  status: z.optional(z.number()),
  statusText: z.optional(z.string()),
  responseHeaders: z.optional(headers),
  responseBody: z.optional(z.string()),
  error: z.optional(z.string()),
  /** Reads with the same answer the log folded into this one (the replay keeps no exchange for them). */
  foldedReads: z.optional(
    z.object({ count: z.number().check(z.int(), z.positive()), firstAt: z.number(), lastAt: z.number() }),
  ),
});
export type ReplayExchange = z.infer<typeof replayExchange>;

const stateMap = z.object({
  kind: z.enum(['transactionStatus', 'bulkTransactionStatus', 'consentStatus', 'basketStatus', 'scaStatus']),
  timeline: z.array(z.string()),
  current: z.optional(z.string()),
});

export const replayData = z.object({
  format: z.literal(REPLAY_FORMAT),
  version: z.literal(REPLAY_VERSION),
  /** Epoch ms. */
  savedAt: z.number(),
  /** What the flow was about, e.g. "Payment to Boulangerie Exemple". */
  title: z.string(),
  /** Whether names and account numbers were masked (presenter mode) when it was saved. */
  masked: z.boolean(),
  story,
  stateMap: z.optional(stateMap),
  exchanges: z.array(replayExchange),
});
export type ReplayData = z.infer<typeof replayData>;

/** The data block as it sits in the file: `<` escaped, so no text in it can end the block or open a tag. */
export function replayDataBlock(data: ReplayData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${REPLAY_DATA_ID}">${json}</script>`;
}

export type ReplayReading = { ok: true; data: ReplayData } | { ok: false; problem: string };

const block = new RegExp(`<script type="application/json" id="${REPLAY_DATA_ID}">([^<]*)</script>`);

/** Reads a replay file's text: only its data block, parsed as JSON and checked against the schema; nothing else. */
export function readReplayFile(text: string): ReplayReading {
  const found = block.exec(text);
  if (!found) return { ok: false, problem: 'This file is not a replay saved by XS2A Console: it has no replay data.' };
  let json: unknown;
  try {
    json = JSON.parse(found[1] ?? '');
  } catch {
    return { ok: false, problem: 'The replay data in this file is damaged: it is not valid JSON.' };
  }
  const parsed = replayData.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return { ok: false, problem: `The replay data in this file is not in the expected form${where}.` };
  }
  return { ok: true, data: parsed.data };
}
