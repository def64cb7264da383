// The bodies of the signing basket answers (creation, read, status), typed against the 1.3.12 model's response types.
import {
  BasketTransactionStatus,
  type SigningBasketResponse200,
  type SigningBasketResponse201,
  type SigningBasketStatusResponse200,
} from '../../../../src/xs2a';
import { href, type LinkContext } from '../../domain/context';
import { basketPath, type BasketCreated, type BasketDescription } from '../../domain/signing-baskets';
import type { SigningBasketRow } from '../../store/schema';
import { createdBody } from './sca';

const statusOf = (row: Pick<SigningBasketRow, 'transaction_status'>): BasketTransactionStatus =>
  BasketTransactionStatus.parse(row.transaction_status);

/** The 201 body: with the implicit authorisation's links, or the link to start one. */
export function basketCreatedBody(
  { basket, approach, started }: BasketCreated,
  links: LinkContext,
  oauth: boolean,
): SigningBasketResponse201 {
  const resourcePath = basketPath(basket.basket_id);
  const creation = { approach, started, psuKnown: basket.psu_id !== null };
  const head = { transactionStatus: statusOf(basket), basketId: basket.basket_id };
  return createdBody(head, { links, oauth, resourcePath }, creation) satisfies SigningBasketResponse201;
}

/** GET basket: its payments and consents, its status, and where to read it. */
export function basketBody({ row, paymentIds, consentIds }: BasketDescription, links: LinkContext) {
  const path = basketPath(row.basket_id);
  return {
    ...(paymentIds.length > 0 ? { payments: paymentIds } : {}),
    ...(consentIds.length > 0 ? { consents: consentIds } : {}),
    transactionStatus: statusOf(row),
    _links: { self: href(links, path), status: href(links, `${path}/status`) },
  } satisfies SigningBasketResponse200;
}

export const basketStatusBody = (row: SigningBasketRow): SigningBasketStatusResponse200 => ({
  transactionStatus: statusOf(row),
});
