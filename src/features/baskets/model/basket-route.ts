/** Where a basket's page lives. */
export function basketRoute(basketId: string): string {
  return `/baskets/${encodeURIComponent(basketId)}`;
}

/** "2 payments and 1 consent". */
export function membersSummary(members: readonly { kind: 'payment' | 'consent' }[]): string {
  const count = (kind: 'payment' | 'consent') => members.filter((member) => member.kind === kind).length;
  const part = (n: number, one: string) => (n === 0 ? '' : `${n} ${one}${n === 1 ? '' : 's'}`);
  const parts = [part(count('payment'), 'payment'), part(count('consent'), 'consent')].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : 'no members known';
}
