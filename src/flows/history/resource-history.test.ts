import { describe, expect, it } from 'vitest';
import {
  createdResourceMembers,
  createResourceHistory,
  memoryStorage,
  read,
  RESOURCE_HISTORY_LIMIT,
  type Infer,
} from '.';

const order = read.object({
  ...createdResourceMembers,
  orderId: read.string,
  item: read.string,
  orderStatus: read.optional(read.string),
});
type Order = Infer<typeof order>;

function orders(storage = memoryStorage()) {
  return createResourceHistory(
    {
      statusMember: 'orderStatus',
      prefix: 'orders:',
      read: order,
      refOf: (entry: Order) => entry.orderId,
      matches: (entry: Order, orderId: string) => entry.orderId === orderId,
      fromCreation: (orderId: string, body: Record<string, unknown>) => ({ orderId, item: String(body.item) }),
    },
    () => storage,
  );
}

describe('a resource history', () => {
  it('adds a created resource with its own members, the answer’s links and its first status', () => {
    const history = orders();
    const links = { scaRedirect: { href: 'https://bank.example/sca/1' } };
    history.addCreated('p', 'o1', { item: 'book' }, { status: 'RCVD', links, psuMessage: 'Thanks' }, 5);
    expect(history.get('p', 'o1')).toEqual({
      orderId: 'o1',
      item: 'book',
      createdAt: 5,
      orderStatus: 'RCVD',
      statuses: [{ status: 'RCVD', at: 5 }],
      links,
      psuMessage: 'Thanks',
    });
  });

  it('notes each status change under its status member once, and nothing for a resource it does not know', () => {
    const storage = memoryStorage();
    const history = orders(storage);
    history.addCreated('p', 'o1', { item: 'book' }, { status: 'RCVD', links: {} }, 1);
    history.recordStatus('p', 'o1', 'ACTC', 2);
    history.recordStatus('p', 'o1', 'ACTC', 3);
    history.recordStatus('p', 'nope', 'ACTC', 4);
    expect(history.get('p', 'o1')).toMatchObject({
      orderStatus: 'ACTC',
      statuses: [
        { status: 'RCVD', at: 1 },
        { status: 'ACTC', at: 2 },
      ],
    });
    expect([...storage.data.keys()]).toEqual(['orders:p']);
  });

  it('keeps the newest RESOURCE_HISTORY_LIMIT entries unless told otherwise', () => {
    const history = orders();
    for (let i = 0; i <= RESOURCE_HISTORY_LIMIT; i++)
      history.addCreated('p', `o${i}`, { item: 'x' }, { status: 'RCVD', links: {} }, i);
    const list = history.list('p');
    expect(list).toHaveLength(RESOURCE_HISTORY_LIMIT);
    expect(list.at(-1)?.orderId).toBe('o1');
  });
});
