// The bodies of the consent answers (creation, read, status), typed against the 1.3.12 model's response types: a body
// the model would reject does not compile.
import {
  ConsentStatus,
  type ConsentInformationResponse,
  type ConsentStatusResponse,
  type ConsentsResponse201,
} from '../../../../src/xs2a';
import { href, type LinkContext } from '../../domain/context';
import { consentPath, type ConsentCreated, type ConsentDescription } from '../../domain/consents';
import type { ConsentRow } from '../../store/schema';
import { createdBody } from './sca';

/** The 201 body of a consent request: with the implicit authorisation's links, or the link to start one. */
export function consentCreatedBody(
  { consent, approach, started }: ConsentCreated,
  links: LinkContext,
  oauth: boolean,
): ConsentsResponse201 {
  const resourcePath = consentPath(consent.consent_id);
  const creation = { approach, started, psuKnown: consent.psu_id !== null };
  const head = { consentStatus: 'received', consentId: consent.consent_id } as const;
  return createdBody(head, { links, oauth, resourcePath }, creation) satisfies ConsentsResponse201;
}

/** The consent_status column as the model's enumeration. */
export const consentStatusOf = (row: Pick<ConsentRow, 'consent_status'>): ConsentStatus =>
  ConsentStatus.parse(row.consent_status);

/** GET consent: the consent as the bank keeps it; a valid one links to the account list. */
export function consentBody({ row, access }: ConsentDescription, links: LinkContext): ConsentInformationResponse {
  const body = {
    access,
    recurringIndicator: row.recurring_indicator === 1,
    validUntil: row.valid_until,
    frequencyPerDay: row.frequency_per_day,
    lastActionDate: row.last_action_date,
    consentStatus: consentStatusOf(row),
  } satisfies ConsentInformationResponse;
  return row.consent_status === 'valid'
    ? ({ ...body, _links: { account: href(links, '/v1/accounts') } } satisfies ConsentInformationResponse)
    : body;
}

/** GET consent status. */
export const consentStatusBody = (row: ConsentRow): ConsentStatusResponse => ({ consentStatus: consentStatusOf(row) });
