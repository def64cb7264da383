import { describe, expect, it } from 'vitest';
import { lazyPages } from './lazy-pages';

const Page = () => null;
const Other = () => null;

describe('lazyPages', () => {
  it('makes one route per page under the path, the empty key being the index, each loading its component', async () => {
    const [route] = lazyPages('payments', {
      '': () => Promise.resolve(Page),
      ':paymentId': () => Promise.resolve(Other),
    });
    expect(route?.path).toBe('payments');
    const [index, detail] = route?.children ?? [];
    expect(index).toMatchObject({ index: true });
    expect(detail).toMatchObject({ path: ':paymentId' });
    const load = (child: typeof index) => (child?.lazy as () => Promise<{ Component: unknown }>)();
    expect((await load(index)).Component).toBe(Page);
    expect((await load(detail)).Component).toBe(Other);
  });
});
