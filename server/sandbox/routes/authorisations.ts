// The authorisation sub-resources of payments, cancellations, consents and signing baskets (operations 6–8 and 13–15): start, list,
// read the SCA status, update PSU data. The parent is resolved first by the caller's middleware, which puts it on the
// context; header and body checks run as middleware in the order the bank reports them.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import {
  parseStartAuthorisationBody,
  parseUpdatePsuDataBody,
  type AuthorisationBody,
  type ScaApproach,
  type StartAuthorisationBody,
} from '../../../src/xs2a';
import type { ScaResource } from '../domain/sca';
import { formatError } from '../rules/bank-error';
import { checkPsuIp, headersOf, scaPreferences } from '../http/headers';
import { chooseScaApproach } from '../domain/sca-preferences';
import { authorisationsBody, scaStatusBody, startBody, progressBody, type ScaAnswerContext } from '../http/answers/sca';
import { jsonAnswer, stepResponse, type Env } from '../http/respond';
import { offeredApproach } from '../rules/behaviour';
import { param, validateBody } from '../http/validation';
import type { Services } from './services';

/** The parent of an authorisation, as the route's first middleware resolved it. */
export interface AuthorisationParent {
  resource: ScaResource;
  /** The approach of the parent, which a start request without preference keeps. */
  approach: ScaApproach;
  /** The PSU the parent was requested for, which a start request without PSU-ID keeps. */
  psuId: string | null;
}

type ParentEnv<P extends AuthorisationParent> = Env & { Variables: { parent: P } };

/**
 * Registers the four authorisation routes under `base` (e.g. `/v1/consents/:consentId/authorisations`); `resolve`
 * finds the parent (and refuses an unknown one) before anything else is checked, `mayStart` refuses a start the
 * parent's state does not allow. `psuIpBeforeParentInList`: the list checks PSU-IP-Address before it resolves the
 * parent (consents do; payments resolve the payment first).
 */
export function registerAuthorisationRoutes<P extends AuthorisationParent>(
  app: Hono<Env>,
  s: Services,
  base: string,
  resolve: (c: Context<ParentEnv<NoInfer<P>>>) => Promise<P>,
  mayStart: (parent: NoInfer<P>) => void | Promise<void>,
  { psuIpBeforeParentInList = false }: { psuIpBeforeParentInList?: boolean } = {},
) {
  const parent: MiddlewareHandler<ParentEnv<P>> = async (c, next) => {
    c.set('parent', await resolve(c));
    await next();
  };
  const answerContext = <E extends Env>(c: Context<E>, resource: ScaResource): ScaAnswerContext => ({
    links: c.get('links'),
    oauth: s.config.scaRedirect === 'oauth',
    resourcePath: resource.path,
  });

  app.post(
    base,
    parent,
    async (c, next) => {
      await mayStart(c.get('parent'));
      await next();
    },
    checkPsuIp(false),
    scaPreferences({ decoupled: false }),
    validateBody(parseStartAuthorisationBody, { optional: true }),
    async (c) => {
      const { resource, approach: fallback, psuId: parentPsu } = c.get('parent');
      const prefs = c.get('prefs');
      const body = c.get('body');
      const approach = offeredApproach(
        s.config,
        chooseScaApproach({ ...prefs, decoupledPreferred: undefined }, fallback),
      );
      checkStartBody(body, approach, resource);
      const progress = await s.sca.start(resource, {
        approach,
        psuId: headersOf(c).psuId() ?? parentPsu ?? undefined,
        redirectUri: prefs.redirectUri ?? null,
        nokRedirectUri: prefs.nokRedirectUri ?? null,
        psuData: body.kind === 'psuData' ? body.psuData : undefined,
      });
      const headers = { 'ASPSP-SCA-Approach': progress.auth.sca_approach };
      return stepResponse(c, { status: 201, headers, body: startBody(answerContext(c, resource), progress) });
    },
  );
  const list = async (c: Context<ParentEnv<P>>) =>
    jsonAnswer(c, authorisationsBody(await s.sca.list(c.get('parent').resource)));
  if (psuIpBeforeParentInList) app.get(base, checkPsuIp(false), parent, list);
  else app.get(base, parent, checkPsuIp(false), list);
  app.get(`${base}/:authorisationId`, parent, checkPsuIp(false), async (c) => {
    const auth = await s.sca.get(c.get('parent').resource, param(c, 'authorisationId'));
    const psu = auth.psu_id ? await s.sca.findPsu(auth.psu_id) : undefined;
    return jsonAnswer(c, scaStatusBody(auth, psu?.name));
  });
  app.put(
    `${base}/:authorisationId`,
    parent,
    checkPsuIp(false),
    validateBody<AuthorisationBody>(parseUpdatePsuDataBody, { optional: true }),
    async (c) => {
      const { resource } = c.get('parent');
      const progress = await s.sca.update(resource, param(c, 'authorisationId'), c.get('body'), headersOf(c).psuId());
      const headers = { 'ASPSP-SCA-Approach': progress.auth.sca_approach };
      return stepResponse(c, { status: 200, headers, body: progressBody(answerContext(c, resource), progress) });
    },
  );
}

/** A start request carries nothing, or the PSU's password for embedded SCA. */
function checkStartBody(body: StartAuthorisationBody, approach: ScaApproach, resource: ScaResource) {
  if (body.kind !== 'empty' && body.kind !== 'psuData') {
    throw formatError('Start the authorisation with the PSU first: send {} or psuData.', body.kind, resource.area);
  }
  if (body.kind === 'psuData' && approach !== 'EMBEDDED') {
    throw formatError(
      `psuData is sent with embedded SCA; this authorisation uses ${approach}.`,
      'psuData',
      resource.area,
    );
  }
}
