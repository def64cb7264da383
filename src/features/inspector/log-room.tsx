// What the user is told about the log's room: before anything is dropped (a few flows left, or the entries near the
// ceiling), which flows go next with a way to keep or export them; after a drop, what went. In the inspector as a
// polite status line, and on every page as a small link beside the inspector's.
import { Link } from 'react-router-dom';
import { exchangeLog, useDropNotice, useLogRoom, type DropNotice, type LogRoom } from '../../api';
import { Button, cx, focusRing } from '../../components/ui';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "A, B and C" */
function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}`;
}

/** The log's room in plain words; undefined while there is room. */
export function roomWords(room: LogRoom): string | undefined {
  if (!room.near) return undefined;
  const next = room.next.length > 0 ? ` Next to go: ${names(room.next.map((flow) => flow.label))}.` : '';
  if (room.near === 'entries') {
    return (
      `The log is nearly full: it holds ${count(room.entries, 'exchange', 'exchanges')} of at most ` +
      `${room.ceiling.toLocaleString('en')}. Beyond that the oldest flows are dropped, kept ones too once no other is ` +
      `left.${next}`
    );
  }
  const keeps = `it keeps the latest ${room.limit} flows besides the ones you keep`;
  if (room.left === 0) return `The log is full: ${keeps}, so each new flow now drops the oldest one.${next}`;
  return `The log is nearly full: ${keeps}, and ${count(room.left, 'more flow fits', 'more flows fit')} before the oldest go.${next}`;
}

/** What was dropped, in plain words. */
export function droppedWords(notice: DropNotice): string {
  const what =
    notice.flows > 0
      ? `${count(notice.flows, 'flow', 'flows')} (${count(notice.exchanges, 'exchange', 'exchanges')})`
      : count(notice.exchanges, 'exchange', 'exchanges');
  const kept = notice.kept > 0 ? `, ${notice.kept} of them kept, as the log reached its most exchanges` : '';
  const more = notice.flows > notice.names.length ? ` and ${notice.flows - notice.names.length} more` : '';
  return `Dropped to make room for newer flows: ${what}${kept}. ${names(notice.names)}${more}.`;
}

/**
 * The inspector's notice. `onExport`: exports the given flows (and so keeps them). The live region is always there, so
 * a screen reader hears the notice when it appears.
 */
export function LogRoomNotice({ onExport }: { onExport: (flows: readonly string[]) => void }) {
  const room = useLogRoom();
  const dropped = useDropNotice();
  const warning = roomWords(room);
  const next = room.next.map((flow) => flow.key);
  const these = next.length === 1 ? 'this flow' : `these ${next.length}`;
  return (
    // Out of the layout while empty, yet in the accessibility tree: a live region must be there before it speaks.
    <div id="log-room" role="status" className={warning || dropped ? 'space-y-2' : 'sr-only'}>
      {warning && (
        <div className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{warning}</p>
          {next.length > 0 && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => exchangeLog.keep(next)}>
                Keep {these}
              </Button>
              <Button size="sm" onClick={() => onExport(next)}>
                Export {these} as HAR
              </Button>
            </div>
          )}
        </div>
      )}
      {dropped && (
        <div className="flex flex-wrap items-start justify-between gap-2 rounded border border-slate-300 bg-slate-50 p-3 text-sm text-slate-900">
          <p className="min-w-0 flex-1">{droppedWords(dropped)}</p>
          <Button size="sm" onClick={exchangeLog.dismissDropped}>
            Dismiss
          </Button>
        </div>
      )}
    </div>
  );
}

/** On every page, beside the inspector's link: a few words that lead to the inspector's notice. */
export function LogRoomLink() {
  const room = useLogRoom();
  const dropped = useDropNotice();
  let words: string | undefined;
  if (room.near === 'flows' && room.left > 0) words = `Log: ${count(room.left, 'more flow fits', 'more flows fit')}`;
  else if (room.near) words = 'Log full: oldest flows go next';
  else if (dropped) {
    const what =
      dropped.flows > 0 ? count(dropped.flows, 'flow', 'flows') : count(dropped.exchanges, 'exchange', 'exchanges');
    words = `Log: ${what} dropped`;
  }
  return (
    <span role="status" className={words ? undefined : 'sr-only'}>
      {words && (
        <Link
          to="/inspector#log-room"
          className={cx(
            'inline-block rounded border border-amber-300 bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-950 hover:bg-amber-100',
            focusRing,
          )}
        >
          {words}
        </Link>
      )}
    </span>
  );
}
