// AIS consents: the request body with the spec's prose rules enforced, and the consent response bodies.
import * as z from 'zod/mini';
import { AccountReference, AccountReferenceRequest, IsoDate, accountReferenceKey, linksSchema } from './common';
import { AccountAccessType, ConsentStatus } from './enums';
import { PaymentLinks } from './payments';
import { AuthenticationObject, ChallengeData, PsuMessageText, ScaMethods } from './sca';

function accountAccessShape<R extends z.ZodMiniType>(ref: R) {
  return {
    accounts: z.optional(z.array(ref)),
    balances: z.optional(z.array(ref)),
    transactions: z.optional(z.array(ref)),
    additionalInformation: z.optional(
      z.object({ ownerName: z.optional(z.array(ref)), trustedBeneficiaries: z.optional(z.array(ref)) }),
    ),
    /** Account list only. */
    availableAccounts: z.optional(AccountAccessType),
    /** Account list with balances. */
    availableAccountsWithBalance: z.optional(AccountAccessType),
    /** All AIS services on all accounts ("global consent"). */
    allPsd2: z.optional(AccountAccessType),
    /** cashAccountType codes the consent is limited to. */
    restrictedTo: z.optional(z.array(z.string())),
  };
}

/** Account access as a bank reports it in GET consent: the plain schema, without request rules. */
export const AccountAccessResponse = z.object(accountAccessShape(AccountReference));
export type AccountAccessResponse = z.infer<typeof AccountAccessResponse>;

const mainLists = ['accounts', 'balances', 'transactions'] as const;

/**
 * Account access in a consent request. Enforces the spec's prose:
 * - something must be requested;
 * - an empty array means "accounts chosen in the bank dialogue" (bank-offered consent); then every other given
 *   list must be empty too (ownerName counts as a list, and trustedBeneficiaries must follow);
 * - additionalInformation needs accounts, balances or transactions, and each account it names must appear there;
 * - restrictedTo only when accounts, balances and transactions are absent or empty.
 */
export const AccountAccess = z.object(accountAccessShape(AccountReferenceRequest)).check(
  z.superRefine((access, ctx) => {
    const info = access.additionalInformation;
    const requested =
      mainLists.some((key) => access[key] !== undefined) ||
      access.availableAccounts !== undefined ||
      access.availableAccountsWithBalance !== undefined ||
      access.allPsd2 !== undefined;
    if (!requested) {
      ctx.addIssue({
        code: 'custom',
        message:
          'requests no access: give accounts, balances, transactions, availableAccounts, availableAccountsWithBalance or allPsd2',
      });
      return;
    }

    const lists: Array<[string, AccountReference[] | undefined]> = [
      ['accounts', access.accounts],
      ['balances', access.balances],
      ['transactions', access.transactions],
      ['additionalInformation.ownerName', info?.ownerName],
    ];
    const emptyOne = lists.find(([, list]) => list !== undefined && list.length === 0);
    if (emptyOne) {
      const followers = [...lists, ['additionalInformation.trustedBeneficiaries', info?.trustedBeneficiaries] as const];
      for (const [name, list] of followers) {
        if (list !== undefined && list.length > 0) {
          ctx.addIssue({
            code: 'custom',
            path: name.split('.'),
            message: `must be empty because ${emptyOne[0]} is an empty array (bank-offered consent)`,
          });
        }
      }
    }

    if (info !== undefined) {
      if (!mainLists.some((key) => access[key] !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['additionalInformation'],
          message: 'needs accounts, balances or transactions in the same access object',
        });
      } else {
        const addressed = new Set(
          mainLists.flatMap((key) => (access[key] ?? []).map((ref) => accountReferenceKey(ref))),
        );
        for (const name of ['ownerName', 'trustedBeneficiaries'] as const) {
          (info[name] ?? []).forEach((ref, index) => {
            if (!addressed.has(accountReferenceKey(ref))) {
              ctx.addIssue({
                code: 'custom',
                path: ['additionalInformation', name, index],
                message: 'must also be listed under accounts, balances or transactions',
              });
            }
          });
        }
      }
    }

    if (access.restrictedTo !== undefined) {
      const detailed = mainLists.find((key) => (access[key]?.length ?? 0) > 0);
      if (detailed) {
        ctx.addIssue({
          code: 'custom',
          path: ['restrictedTo'],
          message: `is only allowed for global, available-accounts or bank-offered consents, not with accounts listed in ${detailed}`,
        });
      }
    }
  }),
);
export type AccountAccess = z.infer<typeof AccountAccess>;

/** Body of POST /v1/consents. */
export const Consents = z
  .object({
    access: AccountAccess,
    recurringIndicator: z.boolean(),
    /** Inclusive; "9999-12-31" asks for the longest validity the bank allows. */
    validUntil: IsoDate,
    /** Reads per day without the PSU present. */
    frequencyPerDay: z.number().check(z.int(), z.gte(1)),
    /** true: a payment will follow in the same session. */
    combinedServiceIndicator: z.boolean(),
  })
  .check(
    z.superRefine((consent, ctx) => {
      if (!consent.recurringIndicator && consent.frequencyPerDay !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['frequencyPerDay'],
          message: 'must be 1 for a one-off consent (recurringIndicator false)',
        });
      }
    }),
  );
export type Consents = z.infer<typeof Consents>;

/** Link names of the 201 consent response: the same set as the payment 201. */
export const ConsentLinks = PaymentLinks;
export const ConsentsLinks = linksSchema(ConsentLinks);

export const ConsentsResponse201 = z.object({
  consentStatus: ConsentStatus,
  consentId: z.string(),
  scaMethods: z.optional(ScaMethods),
  chosenScaMethod: z.optional(AuthenticationObject),
  challengeData: z.optional(ChallengeData),
  _links: ConsentsLinks,
  psuMessage: z.optional(PsuMessageText),
});
export type ConsentsResponse201 = z.infer<typeof ConsentsResponse201>;

/** Note the kebab-case `card-account`, unlike `cardAccount` elsewhere. */
export const GetConsentLinks = linksSchema(['account', 'card-account']);

/** GET /v1/consents/{consentId}. combinedServiceIndicator is not echoed. */
export const ConsentInformationResponse = z.object({
  access: AccountAccessResponse,
  recurringIndicator: z.boolean(),
  validUntil: IsoDate,
  frequencyPerDay: z.number().check(z.int(), z.gte(1)),
  lastActionDate: IsoDate,
  consentStatus: ConsentStatus,
  _links: z.optional(GetConsentLinks),
});
export type ConsentInformationResponse = z.infer<typeof ConsentInformationResponse>;

export const ConsentStatusResponse = z.object({
  consentStatus: ConsentStatus,
  psuMessage: z.optional(PsuMessageText),
});
export type ConsentStatusResponse = z.infer<typeof ConsentStatusResponse>;
