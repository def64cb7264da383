// A replay file read and shown, masked when asked: what /replay loads once a file is opened, so the page's first load
// carries neither the file's schema nor the views.
import { maskedReplay } from './replay-clean';
import { readReplayFile, type ReplayData } from './replay-data';
import { ReplayView } from './replay-view';

export { readReplayFile };

export function ShownReplay({ data, masked }: { data: ReplayData; masked: boolean }) {
  return <ReplayView data={masked ? maskedReplay(data) : data} />;
}
