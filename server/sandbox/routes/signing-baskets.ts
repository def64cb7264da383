// Signing baskets (1.3.12 /v1/signing-baskets): creation, read, status, deletion, and the basket's authorisations on
// the routes payments and consents share (routes/authorisations.ts).
import type { Context, Hono } from 'hono';
import { ScaApproach } from '../../../src/xs2a';
import { basketPath } from '../domain/signing-baskets';
import { basketBody, basketCreatedBody, basketStatusBody } from '../http/answers/signing-baskets';
import { checkPsuIp, headersOf, readScaPreferences } from '../http/headers';
import { jsonAnswer, stepResponse, type Env } from '../http/respond';
import { param, readJson } from '../http/validation';
import type { SigningBasketRow } from '../store/schema';
import { registerAuthorisationRoutes, type AuthorisationParent } from './authorisations';
import type { Services } from './services';

export function registerSigningBasketRoutes(app: Hono<Env>, s: Services) {
  const oauth = s.config.scaRedirect === 'oauth';
  const BASKET = '/v1/signing-baskets/:basketId';
  const basket = (c: Context) => s.baskets.find(param(c, 'basketId'));

  app.post('/v1/signing-baskets', checkPsuIp(true), async (c) => {
    const h = headersOf(c);
    const body = await readJson(c, 'pis');
    const done = await s.baskets.create(body, { psuId: h.psuId(), prefs: readScaPreferences(h) });
    const links = c.get('links');
    const headers = {
      Location: `${links.origin}${links.prefix}${basketPath(done.basket.basket_id)}`,
      'ASPSP-SCA-Approach': done.approach,
    };
    return stepResponse(c, { status: 201, headers, body: basketCreatedBody(done, links, oauth) });
  });
  app.get(BASKET, checkPsuIp(false), async (c) => {
    return jsonAnswer(c, basketBody(await s.baskets.describe(await basket(c)), c.get('links')));
  });
  app.get(`${BASKET}/status`, checkPsuIp(false), async (c) => jsonAnswer(c, basketStatusBody(await basket(c))));
  app.delete(BASKET, checkPsuIp(false), async (c) => {
    await s.baskets.remove(await basket(c));
    return c.body(null, 204);
  });
  registerAuthorisationRoutes<AuthorisationParent & { row: SigningBasketRow }>(
    app,
    s,
    `${BASKET}/authorisations`,
    async (c) => {
      const row = await basket(c);
      const approach = ScaApproach.parse(row.sca_approach);
      return { resource: s.baskets.resourceFor(row.basket_id), approach, psuId: row.psu_id, row };
    },
    (parent) => s.baskets.assertMayStart(parent.row),
  );
}
