// A HAR file from a hostile bank's exchanges is JSON that reads back exactly, whatever the bank's texts hold.
import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import { exchange, initiate, resetKit } from '../../flows/story/story-test-kit';
import { hostileString } from '../../testing/hostile-strings';
import { toHar } from './to-har';

beforeEach(resetKit);

it('HAR: JSON that reads back exactly', () => {
  fc.assert(
    fc.property(hostileString(), (text) => {
      resetKit();
      const exchanges = [
        initiate('RCVD', { creditorName: text, [`m${text}`]: text }),
        exchange('getPaymentInitiationStatus', { status: 400, body: { tppMessages: [{ code: text, text }] } }),
      ];
      const har = toHar(exchanges);
      expect(JSON.parse(JSON.stringify(har))).toEqual(har);
      expect(JSON.parse(har.log.entries[0]?.request.postData?.text ?? '')).toEqual(exchanges[0]?.request.body);
    }),
    { numRuns: 100 },
  );
});
