// The fetch layer's public surface: features import from here only.
import type * as OAuthFlow from './oauth/oauth-flow';

export {
  builtInSandboxProfile,
  DEFAULT_OAUTH_CLIENT_ID,
  DEFAULT_TIMEOUT_SECONDS,
  oauthRedirectUri,
  redirectUrisFor,
  SANDBOX_PROFILE_ID,
  type BankProfile,
} from './profiles/bank-profile';
export { profileIssues, ProfileValidationError, type ProfileIssue } from './profiles/profile-rules';
export {
  ACTIVE_PROFILE_STORAGE_KEY,
  newProfileId,
  PROFILES_STORAGE_KEY,
  ProfileImportError,
  profileStore,
  useActiveProfile,
  useMovedTokens,
  useProfiles,
  type DroppedTokens,
  type ImportOutcome,
  type ImportPlan,
  type TokenKind,
} from './profiles/profile-store';

export {
  DEFAULT_TIMEOUT_MS,
  sendOperation,
  sendRawRequest,
  xs2aRequest,
  type ExactRequestOptions,
  type OperationId,
  type Xs2aRequestOptions,
  type Xs2aResult,
} from './client';
export { profileToken, psuHeaderNames } from './request-headers';
export { buildUrl, originOf, requestUrlFor } from './urls';
export {
  describeXs2aError,
  hasCode,
  loadMessageMeanings,
  OAuthFlowError,
  redirectTitle,
  Xs2aError,
  type Deviation,
  type RelayFailure,
  type Xs2aErrorDescription,
  type Xs2aErrorKind,
} from './errors';
export { prefixedLinkNote, type PrefixedLink, type RateLimitEnd } from './errors';
export { readWaits, useReadWait, type ReadWait } from './rate-limit';
export {
  addDays,
  bankNow,
  bankTimeAt,
  bankTimeReading,
  bankToday,
  forgetBankTimes,
  isoDay,
  noteBankDate,
  noteSandboxClock,
  parseHttpDate,
  useBankClock,
  useBankNow,
  useBankTimeReading,
  useBankToday,
  type BankTimeReading,
  type BankTimeSource,
} from './bank-time';
export { forgetOwnCodes, noteOwnCodes, ownCodeOf, type OwnCode } from './bank-own-codes';
export { underBaseUrl } from './link-prefix';
export { redirectHeaders, scaPreferenceHeaders } from './tpp-headers';
export { consentAdvice, consentAdviceForError, type ConsentAdviceOptions } from './consent-advice';
export {
  exchangeLog,
  useDropNotice,
  useExchanges,
  useKeptFlows,
  useLogRoom,
  type DropNotice,
  type Exchange,
  type FoldedReads,
} from './exchange-log';
export { ENTRY_CEILING, FLOW_LIMIT, flowLabel, unitKey, WARN_WITHIN, type LogRoom } from './exchange-log-cap';
export { readsOf, statusReadKey, statusValueOf } from './status-reads';
export {
  flowEvents,
  recordDecoupledWait,
  recordFlowEvent,
  recordHandOver,
  recordReturn,
  useFlowEvents,
  type FlowEvent,
  type HandOverPurpose,
  type HandOverVia,
} from './flow-events';
export { REDACTED, redactExchange, type RedactOptions } from './redact';
export {
  createKeyedEntries,
  createListeners,
  webStorage,
  type KeyedEntriesOptions,
  type StorageArea,
} from './web-storage';
export {
  bankLinkDescription,
  linkHref,
  linkOf,
  linksNote,
  readLinks,
  stringLinksNote,
  type LinkValue,
  type LinksReading,
} from './links';
export {
  SESSION_TOKENS_STORAGE_KEY,
  sessionTokens,
  useAllSessionTokens,
  useSessionTokens,
  type SessionToken,
} from './oauth/session-tokens';
export type {
  OAuthCallbackResult,
  OAuthServer,
  OAuthAuthorisationRequest,
  PreparedOAuthAuthorisation,
} from './oauth/oauth-flow';

/**
 * The OAuth SCA flow (metadata, PKCE, token exchange), loaded when a PSU starts one or comes back from one, so that
 * the OAuth library stays out of the console's first load.
 */
export function loadOAuthFlow(): Promise<typeof OAuthFlow> {
  return import('./oauth/oauth-flow');
}
export {
  accountKeys,
  authorisationKeys,
  basketFlow,
  basketKeys,
  consentKeys,
  flowOf,
  paymentKeys,
  type AuthorisationScope,
  type TransactionFilters,
} from './keys';
export type { ReadOptions } from './read-options';
export {
  listRelayTargets,
  relayKeys,
  relayTargetAbilities,
  relayTargetsQueryOptions,
  useRelayTargets,
  type ListRelayTargetsData,
  type RelayTargetInfo,
} from './relay/list-relay-targets';

export {
  initiatePayment,
  useInitiatePayment,
  type InitiatePaymentVariables,
  type SentDocument,
  type InitiatePaymentData,
} from './payments/initiate-payment';
export {
  getPayment,
  getPaymentDocument,
  paymentDocumentQueryOptions,
  paymentDocumentTypes,
  paymentQueryOptions,
  usePayment,
  usePaymentDocument,
  type GetPaymentVariables,
  type GetPaymentData,
} from './payments/get-payment';
export {
  getPaymentStatus,
  paymentStatusQueryOptions,
  usePaymentStatus,
  type GetPaymentStatusVariables,
  type GetPaymentStatusData,
} from './payments/get-payment-status';
export {
  cancelPayment,
  useCancelPayment,
  type CancelPaymentVariables,
  type CancelPaymentData,
} from './payments/cancel-payment';
export {
  startAuthorisation,
  useStartAuthorisation,
  type StartAuthorisationBody,
  type StartAuthorisationVariables,
  type StartAuthorisationData,
} from './sca/start-authorisation';
export {
  listAuthorisations,
  authorisationsQueryOptions,
  useAuthorisations,
  type ListAuthorisationsVariables,
  type ListAuthorisationsData,
} from './sca/list-authorisations';
export {
  getScaStatus,
  scaStatusQueryOptions,
  useScaStatus,
  type GetScaStatusVariables,
  type GetScaStatusData,
} from './sca/get-sca-status';
export {
  updatePsuData,
  useUpdatePsuData,
  type UpdatePsuDataSteps,
  type UpdatePsuDataStep,
  type UpdatePsuDataVariables,
  type UpdatePsuDataData,
} from './sca/update-psu-data';
export {
  authorisationStepTaken,
  authorisedResourceChanged,
  bankRoundTripEnded,
  basketMembersChanged,
} from './sca/cache-updates';
export { authorisationPath, authorisationsPath } from './sca/scope';

export {
  createConsent,
  useCreateConsent,
  type CreateConsentVariables,
  type CreateConsentData,
} from './consents/create-consent';
export {
  getConsent,
  consentQueryOptions,
  useConsent,
  type GetConsentVariables,
  type GetConsentData,
} from './consents/get-consent';
export {
  getConsentStatus,
  consentStatusQueryOptions,
  useConsentStatus,
  type GetConsentStatusVariables,
  type GetConsentStatusData,
} from './consents/get-consent-status';
export { deleteConsent, useDeleteConsent, type DeleteConsentVariables } from './consents/delete-consent';
export { ACTIVE_CONSENT_STORAGE_KEY, activeConsent, useActiveConsentId } from './consents/active-consent';
export {
  createBasket,
  useCreateBasket,
  type CreateBasketVariables,
  type CreateBasketData,
} from './signing-baskets/create-basket';
export {
  getBasket,
  basketQueryOptions,
  useBasket,
  type GetBasketVariables,
  type GetBasketData,
} from './signing-baskets/get-basket';
export {
  getBasketStatus,
  basketStatusQueryOptions,
  useBasketStatus,
  type GetBasketStatusData,
} from './signing-baskets/get-basket-status';
export { deleteBasket, useDeleteBasket, type DeleteBasketVariables } from './signing-baskets/delete-basket';
export {
  withBalanceQuery,
  listAccounts,
  accountsQueryOptions,
  useAccounts,
  type ListAccountsVariables,
  type ListAccountsData,
} from './accounts/list-accounts';
export {
  getAccount,
  accountQueryOptions,
  useAccount,
  type GetAccountVariables,
  type GetAccountData,
} from './accounts/get-account';
export {
  getBalances,
  balancesQueryOptions,
  useBalances,
  type GetBalancesVariables,
  type GetBalancesData,
} from './accounts/get-balances';
export {
  getTransactions,
  transactionsQueryOptions,
  useTransactions,
  type GetTransactionsVariables,
  type GetTransactionsData,
} from './accounts/get-transactions';
export {
  LAST_TRANSACTIONS_PAGE_MARK,
  MAX_TRANSACTION_PAGES,
  nextTransactionPage,
  restartTransactionPages,
  stopTransactionPages,
  transactionPagesQueryOptions,
  type NextTransactionPage,
  type TransactionPage,
  type TransactionPagesData,
  type TransactionPagesVariables,
} from './accounts/transaction-pages';
export {
  cardAccountKeys,
  cardAccountQueryOptions,
  cardAccountsQueryOptions,
  cardBalancesQueryOptions,
  cardTransactionsQueryOptions,
  useCardAccount,
  useCardAccounts,
  useCardBalances,
  useCardTransactions,
  type CardAccountVariables,
  type CardReadVariables,
  type CardTransactionsVariables,
} from './accounts/card-accounts';
export {
  getTransactionDetails,
  transactionDetailsQueryOptions,
  useTransactionDetails,
  type GetTransactionDetailsData,
  type GetTransactionDetailsVariables,
} from './accounts/get-transaction-details';
export {
  confirmFunds,
  useConfirmFunds,
  type ConfirmFundsData,
  type ConfirmFundsVariables,
} from './funds/confirm-funds';
export {
  createRecordList,
  isLinkMap,
  isRecord,
  type KeyValueStorage,
  type LinkMap,
  type RecordListOptions,
} from './browser-records';
export { placeMessagesAtFields, type BankMessageLike } from './place-messages';
export {
  bankDataDisplay,
  MASKED_DISPLAY,
  PLAIN_DISPLAY,
  PRESENTER_STORAGE_KEY,
  presenterMode,
  useBankDataDisplay,
  usePresenterMode,
  type BankDataDisplay,
} from './presenter';
export {
  actionHref,
  ADMIN_FLOW,
  adminRequest,
  describeAdminError,
  SandboxAdminError,
} from './sandbox-admin/admin-client';
export {
  discoverAdmin,
  forgetAdminOffers,
  sandboxAdminKeys,
  useAdminOffered,
  type AdminControls,
  type AdminDiscovery,
} from './sandbox-admin/admin-discovery';
export {
  adminTokenChanged,
  bankTimeChanged,
  useAdminReads,
  useAdminWrites,
  useSandboxAdmin,
  useSandboxPsus,
  type ClockMove,
} from './sandbox-admin/admin-queries';
export { ADMIN_TOKENS_STORAGE_KEY, adminTokens, useAdminToken } from './sandbox-admin/admin-token';
export {
  benchBaseUrl,
  benchProfileOf,
  keepBenchProfile,
  useBenches,
  useBenchWrites,
  type SandboxBench,
  type SandboxBenches,
} from './sandbox-admin/bench-queries';
export type * from './sandbox-admin/admin-types';
