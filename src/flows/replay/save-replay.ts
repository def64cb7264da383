// "Save as replay": the flow as this tab recorded it, made into a replay file and offered as a download. Loaded with
// the first save, so the console's pages do not carry the replay code.
import { exchangeLog, flowEvents, presenterMode, profileStore, sessionTokens, bankDataDisplay } from '../../api';
import { downloadText } from '../../components/ui';
import type { StateMapProps } from '../state-map';
import { buildReplay } from './build-replay';
import type { ReplayData } from './replay-data';
import { replayHtml } from './replay-html';

export interface SaveReplayInput {
  flow: string;
  /** What the flow is about, with names already shown as the current mode shows them. */
  title: string;
  stateMap?: StateMapProps;
}

/** The values no file may hold: every profile's bearer token and the tab's OAuth tokens. */
export function knownSecrets(): string[] {
  return [
    ...profileStore.list().flatMap((profile) => (profile.bearerToken ? [profile.bearerToken] : [])),
    ...sessionTokens.allValues(),
  ];
}

/** The replay of `flow` as it stands now, with presenter mode's masking when it is on. */
export function currentReplay({ flow, title, stateMap }: SaveReplayInput, now = Date.now()): ReplayData {
  const display = bankDataDisplay(presenterMode.isOn());
  return buildReplay({
    flow,
    title,
    exchanges: exchangeLog.list(),
    events: flowEvents.list(),
    secrets: knownSecrets(),
    display,
    ...(stateMap && { stateMap }),
    savedAt: now,
  });
}

/** A file name without characters a file system refuses: "xs2a-replay-payment-p1-2026-11-24-1130.html". */
export function replayFileName(flow: string, savedAt: number): string {
  const stamp = new Date(savedAt).toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  const name = flow.replace(/[^a-zA-Z0-9-]+/g, '-').slice(0, 60);
  return `xs2a-replay-${name}-${stamp}.html`;
}

/** Downloads the replay; the flow is kept in the log from then on. */
export function saveReplay(input: SaveReplayInput): void {
  const data = currentReplay(input);
  downloadText(replayHtml(data), replayFileName(input.flow, data.savedAt), 'text/html');
  exchangeLog.keep([input.flow]);
}
