// What a state map shows of one resource, worked out from the 1.3.12 status machine and the statuses this browser
// saw: where each state sits, the path the resource took (in order), where it is now, the moves still possible and
// the actions of the TPP's user among them. By default only the path and the states one move away from the current
// one are drawn, closed up in the machine's order; `all` draws every state of the machine. A status the model does
// not know (a deviating bank) gets a state of its own, marked as such, instead of being dropped. Pure: the React
// component and the replay file draw from it.
import {
  actionsFrom,
  stateOf,
  statusMachines,
  type StatusMachine,
  type StatusMachineKind,
  type StatusStateTone,
} from '../../xs2a/status-maps';

/** Column and row of each state in the drawing, chosen so the usual path reads left to right. */
const paymentGrid: Record<string, readonly [number, number]> = {
  RCVD: [0, 1],
  PDNG: [1, 0],
  PATC: [1, 2],
  PART: [1, 3],
  ACTC: [2, 1],
  RJCT: [2, 3],
  ACCP: [3, 0],
  ACFC: [3, 1],
  ACWC: [3, 2],
  CANC: [3, 3],
  ACWP: [4, 0],
  ACSP: [4, 1],
  ACCC: [5, 0],
  ACSC: [5, 1],
};

const grids: Record<StatusMachineKind, Record<string, readonly [number, number]>> = {
  transactionStatus: paymentGrid,
  bulkTransactionStatus: paymentGrid,
  consentStatus: {
    received: [0, 1],
    partiallyAuthorised: [1, 0],
    rejected: [1, 2],
    valid: [2, 1],
    expired: [3, 0],
    revokedByPsu: [3, 1],
    terminatedByTpp: [3, 2],
  },
  basketStatus: {
    RCVD: [0, 1],
    PATC: [1, 0],
    ACTC: [1, 1],
    RJCT: [1, 2],
    CANC: [1, 3],
    ACSC: [2, 1],
  },
  scaStatus: {
    received: [0, 1],
    psuIdentified: [1, 0],
    exempted: [1, 2],
    psuAuthenticated: [2, 0],
    started: [2, 2],
    scaMethodSelected: [3, 0],
    unconfirmed: [3, 2],
    finalised: [4, 1],
    failed: [4, 2],
  },
};

export interface StateMapNode {
  code: string;
  label: string;
  col: number;
  row: number;
  tone: StatusStateTone | 'unknown';
  final: boolean;
  /** A status 1.3.12 does not define for this resource, as the bank sent it. */
  unknown: boolean;
  /** The positions (1-based) at which the resource was in this state; empty when it never was. */
  visits: number[];
  current: boolean;
}

export interface StateMapEdge {
  from: string;
  to: string;
  /** The resource made this move. */
  taken: boolean;
  /** The move is not in the 1.3.12 table (a deviating bank, or statuses this browser did not see in between). */
  outsideModel: boolean;
  /** The TPP's user can still cause it from the current state. */
  action?: string;
}

export interface StateMapAction {
  label: string;
  note?: string;
  /** The states it may lead to, with their labels. */
  to: { code: string; label: string }[];
}

export interface StateMapView {
  kind: StatusMachineKind;
  title: string;
  nodes: StateMapNode[];
  edges: StateMapEdge[];
  /** The statuses in the order the resource went through them. */
  path: { code: string; label: string; unknown: boolean }[];
  current?: StateMapNode;
  /** What the TPP's user can still cause from the current state. */
  actions: StateMapAction[];
  /** Every state of the machine is drawn; otherwise the path and what can come next. */
  all: boolean;
  /** How many states of the machine are left out of the drawing. */
  hidden: number;
}

export interface StateMapInput {
  kind: StatusMachineKind;
  /** The statuses seen, oldest first (repeats in a row count once). */
  timeline: readonly string[];
  /** The status now; when it differs from the timeline's last one it ends the path. */
  current?: string | undefined;
  /** Draw every state of the machine, not only the path and the states one move away. */
  all?: boolean;
}

function pathOf({ timeline, current }: StateMapInput): string[] {
  const all = current !== undefined ? [...timeline, current] : [...timeline];
  return all.filter((code, index) => code !== '' && code !== all[index - 1]);
}

function labelOf(machine: StatusMachine, code: string): string {
  return stateOf(machine, code)?.label ?? code;
}

/** Columns and rows closed up over the states drawn, keeping the machine's order. */
function closedUp<N extends { col: number; row: number }>(nodes: N[]): N[] {
  const cols = [...new Set(nodes.map((node) => node.col))].sort((a, b) => a - b);
  const rows = [...new Set(nodes.map((node) => node.row))].sort((a, b) => a - b);
  return nodes.map((node) => ({ ...node, col: cols.indexOf(node.col), row: rows.indexOf(node.row) }));
}

export function stateMapView(input: StateMapInput): StateMapView {
  const machine: StatusMachine = statusMachines[input.kind];
  const grid = grids[input.kind];
  const path = pathOf(input);
  const now = path[path.length - 1];
  const lastRow = Math.max(...Object.values(grid).map(([, row]) => row));
  const unknownCodes = [...new Set(path.filter((code) => stateOf(machine, code) === undefined))];

  const visitsOf = (code: string) => path.flatMap((seen, index) => (seen === code ? [index + 1] : []));
  const nodes: StateMapNode[] = [
    ...machine.states.map((state) => {
      const [col, row] = grid[state.code] ?? [0, 0];
      return { ...state, col, row, unknown: false, visits: visitsOf(state.code), current: state.code === now };
    }),
    // Statuses the model does not know go in a row of their own below the machine.
    ...unknownCodes.map((code, index) => ({
      code,
      label: code,
      col: index,
      row: lastRow + 1,
      tone: 'unknown' as const,
      final: false,
      unknown: true,
      visits: visitsOf(code),
      current: code === now,
    })),
  ];

  const choices = now === undefined ? [] : actionsFrom(machine, now);
  const actionTo = new Map(choices.flatMap((choice) => choice.to.map((to) => [to, choice.action.label] as const)));
  const takenMoves = new Set(path.slice(1).map((to, index) => `${path[index]}→${to}`));
  const inModel = new Set(machine.transitions.map(({ from, to }) => `${from}→${to}`));
  const toneOf = (code: string) => stateOf(machine, code)?.tone;

  // Without a status seen there is no path to show: the whole machine is.
  const all = input.all === true || now === undefined;
  const next = new Set(machine.transitions.filter(({ from }) => from === now).map(({ to }) => to));
  const shown = (code: string) => all || path.includes(code) || next.has(code);
  const drawn = all ? nodes : closedUp(nodes.filter((node) => shown(node.code)));

  const edges: StateMapEdge[] = machine.transitions
    // Moves into an end without the goal (rejected, cancelled, expired…) lead from almost everywhere: drawn only
    // where they matter, from the current state or when the resource made them. Without every state, only the moves
    // made and those from the current state are drawn.
    .filter(({ from, to }) => {
      const tone = toneOf(to);
      const matters = from === now || takenMoves.has(`${from}→${to}`);
      if (!all) return matters;
      return (tone !== 'failure' && tone !== 'ended') || matters;
    })
    .map(({ from, to }) => {
      const action = from === now ? actionTo.get(to) : undefined;
      return {
        from,
        to,
        taken: takenMoves.has(`${from}→${to}`),
        outsideModel: false,
        ...(action !== undefined && { action }),
      };
    });
  for (const move of takenMoves) {
    if (inModel.has(move)) continue;
    const [from = '', to = ''] = move.split('→');
    edges.push({ from, to, taken: true, outsideModel: true });
  }

  return {
    kind: input.kind,
    title: machine.title,
    nodes: drawn,
    edges,
    path: path.map((code) => ({ code, label: labelOf(machine, code), unknown: stateOf(machine, code) === undefined })),
    ...(now !== undefined && { current: drawn.find((node) => node.code === now) }),
    actions: choices.map(({ action, to }) => ({
      label: action.label,
      ...(action.note !== undefined && { note: action.note }),
      to: to.map((code) => ({ code, label: labelOf(machine, code) })),
    })),
    all,
    hidden: nodes.length - drawn.length,
  };
}

/** One line for what an action does: "Cancel payment → Cancelled (CANC); the bank may ask …". */
export function actionText(action: StateMapAction): string {
  const targets = action.to.map((target) => `${target.label} (${target.code})`).join(' or ');
  return `${action.label} → ${targets}${action.note ? `; ${action.note}` : ''}`;
}

/** The path in words: "Received (RCVD) → Technically valid (ACTC), now". */
export function pathText(view: StateMapView): string {
  if (view.path.length === 0) return 'No status seen yet.';
  const steps = view.path.map(
    (step) =>
      `${step.label}${step.label === step.code ? '' : ` (${step.code})`}${step.unknown ? ', not in 1.3.12' : ''}`,
  );
  const final = view.current?.final ? ', final' : '';
  return `${steps.join(' → ')} (now${final})`;
}
