// The payment initiation service under /v1/{payment-service}/{payment-product}: initiation, read, status,
// cancellation, and the authorisations of the payment and of its cancellation.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { ScaApproach } from '../../../src/xs2a';
import {
  checkServiceAndProduct,
  isXmlProduct,
  paymentPath,
  supportedServices,
  type SupportedService,
} from '../domain/payments';
import {
  cancellationBody,
  initiationBody,
  paymentBody,
  paymentDocument,
  paymentStatusBody,
} from '../http/answers/payments';
import { checkPsuIp, headersOf, readScaPreferences } from '../http/headers';
import { param, readJson } from '../http/validation';
import { jsonAnswer, stepResponse, textAnswer, type Env } from '../http/respond';
import { readXmlInitiation } from '../http/xml-body';
import type { AuthorisationKind, PaymentRow } from '../store/schema';
import { registerAuthorisationRoutes, type AuthorisationParent } from './authorisations';
import type { Services } from './services';

/**
 * Registers the payment routes once per service the bank offers, with the service as a literal segment: beside the
 * consent and account routes' literals at the same level, a `:service` parameter would keep hono from its fastest
 * router. A path naming another service matches no route and gets its answer from `unmatched` (routes/xs2a.ts).
 */
export function registerPaymentRoutes(app: Hono<Env>, s: Services) {
  for (const service of supportedServices) registerServiceRoutes(app, s, service);
}

function registerServiceRoutes(app: Hono<Env>, s: Services, service: SupportedService) {
  const oauth = s.config.scaRedirect === 'oauth';
  const PAYMENT = `/v1/${service}/:product/:paymentId`;
  const payment = (c: Context) => s.payments.find(service, param(c, 'product'), param(c, 'paymentId'));
  /** Middleware: the path's product must be the bank's (checked before any header). */
  const knownProduct: MiddlewareHandler<Env> = async (c, next) => {
    checkServiceAndProduct(service, param(c, 'product'));
    await next();
  };

  app.post(`/v1/${service}/:product`, knownProduct, checkPsuIp(true), async (c) => {
    const h = headersOf(c);
    const product = param(c, 'product');
    const xml = isXmlProduct(product) ? await readXmlInitiation(c, service) : undefined;
    const body = xml ? xml.body : await readJson(c, 'pis');
    const done = await s.payments.initiate(service, product, body, {
      document: xml?.document,
      psuId: h.psuId(),
      prefs: readScaPreferences(h),
      rejectionNoFunds: h.boolean('TPP-Rejection-NoFunds-Preferred'),
    });
    const links = c.get('links');
    const headers = {
      Location: `${links.origin}${links.prefix}${paymentPath(done.payment)}`,
      'ASPSP-SCA-Approach': done.approach,
    };
    return stepResponse(c, { status: 201, headers, body: initiationBody(done, links, oauth) });
  });
  app.get(PAYMENT, checkPsuIp(false), async (c) => {
    const row = await payment(c);
    if (row.document !== null) {
      const answer = paymentDocument({ ...row, document: row.document }, s.payments.initiationOf(row));
      return textAnswer(c, answer.body, answer.type);
    }
    return jsonAnswer(c, paymentBody(row, s.payments.initiationOf(row), s.payments.entriesOf(row)));
  });
  app.get(`${PAYMENT}/status`, checkPsuIp(false), async (c) => {
    return jsonAnswer(c, paymentStatusBody(await s.payments.status(await payment(c))));
  });
  app.delete(PAYMENT, checkPsuIp(false), async (c) => {
    const row = await payment(c);
    const request = await s.payments.cancel(row, readScaPreferences(headersOf(c)));
    if (request.cancelled) return c.body(null, 204);
    return jsonAnswer(c, cancellationBody(request, c.get('links')), 202);
  });

  for (const [segment, kind] of [
    ['authorisations', 'authorisation'],
    ['cancellation-authorisations', 'cancellation'],
  ] as const satisfies readonly (readonly [string, AuthorisationKind])[]) {
    registerAuthorisationRoutes<AuthorisationParent & { row: PaymentRow }>(
      app,
      s,
      `${PAYMENT}/${segment}`,
      async (c) => {
        const row = await payment(c);
        const approach = ScaApproach.parse(row.sca_approach);
        return { resource: s.payments.resourceFor(row, kind), approach, psuId: row.psu_id, row };
      },
      async (parent) => {
        s.payments.assertMayStart(parent.row, kind);
        if (kind === 'authorisation') await s.baskets.assertFree('payment', parent.row.payment_id);
      },
    );
  }
}
