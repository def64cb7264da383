// The fetch layer's public surface: features import from here only.
export {
  bankProfileSchema,
  builtInSandboxProfile,
  redirectUrisFor,
  SANDBOX_PROFILE_ID,
  type BankProfile,
} from './profiles/bank-profile';
export {
  ACTIVE_PROFILE_STORAGE_KEY,
  newProfileId,
  PROFILES_STORAGE_KEY,
  ProfileImportError,
  profileStore,
  useActiveProfile,
  useProfiles,
} from './profiles/profile-store';

export {
  buildUrl,
  DEFAULT_TIMEOUT_MS,
  xs2aRequest,
  type OperationId,
  type Xs2aRequestOptions,
  type Xs2aResult,
} from './client';
export {
  describeXs2aError,
  hasCode,
  Xs2aError,
  type Deviation,
  type Xs2aErrorDescription,
  type Xs2aErrorKind,
} from './errors';
export { EXCHANGE_LOG_LIMIT, exchangeLog, useExchanges, type Exchange } from './exchange-log';
export {
  accountKeys,
  authorisationKeys,
  consentKeys,
  paymentKeys,
  type AuthorisationScope,
  type TransactionFilters,
} from './keys';
export type { ReadOptions } from './read-options';

export * from './payments/initiate-payment';
export * from './payments/get-payment';
export * from './payments/get-payment-status';
export * from './payments/cancel-payment';
export * from './sca/start-authorisation';
export * from './sca/list-authorisations';
export * from './sca/get-sca-status';
export * from './sca/update-psu-data';

export * from './consents/create-consent';
export * from './consents/get-consent';
export * from './consents/get-consent-status';
export * from './consents/delete-consent';
export * from './accounts/list-accounts';
export * from './accounts/get-account';
export * from './accounts/get-balances';
export * from './accounts/get-transactions';
