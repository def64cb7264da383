// The confirmation of funds service (PIIS): POST /v1/funds-confirmations. The file leaves its conditional Consent-ID
// out, so the check is answered for any account of this bank, without a consent; scenarios and deviation modes apply to
// it as to every XS2A route.
import type { Hono } from 'hono';
import { fundsConfirmationBody } from '../http/answers/funds-confirmations';
import { jsonAnswer, type Env } from '../http/respond';
import { readJson } from '../http/validation';
import type { Services } from './services';

export function registerFundsConfirmationRoutes(app: Hono<Env>, s: Services) {
  app.post('/v1/funds-confirmations', async (c) => {
    const check = await s.funds.check(await readJson(c, 'piis'));
    return jsonAnswer(c, fundsConfirmationBody(check));
  });
}
