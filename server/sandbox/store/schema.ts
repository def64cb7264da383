// Table types of the sandbox bank's database, shared by SQLite and PostgreSQL. Booleans are stored as 0/1 integers and
// dates as ISO 8601 text so one set of queries runs on both.
import type { Generated, Insertable, Selectable } from 'kysely';
import type { BalanceType } from '../../../src/xs2a/enums';

export type ScaBehaviour = 'normal' | 'alwaysFail';
export type FundsRule = 'normal' | 'insufficient';

export interface PsuTable {
  psu_id: string; // the login, sent as PSU-ID
  password: string;
  name: string;
  sca_behaviour: ScaBehaviour;
  /** JSON array of the PSU's SCA methods (authenticationObject of 1.3.12). */
  sca_methods: string;
}

export interface AccountTable {
  resource_id: string;
  psu_id: string;
  iban: string;
  currency: string;
  name: string;
  display_name: string | null;
  product: string;
  cash_account_type: string;
  bic: string;
  owner_name: string;
  status: 'enabled' | 'deleted' | 'blocked';
  usage: 'PRIV' | 'ORGA';
  funds_rule: FundsRule;
  /** Order in the PSU's account list. */
  position: number;
}

export interface BalanceTable {
  account_id: string;
  /** The seed writes only the model's balance types. */
  balance_type: BalanceType;
  amount: string;
  currency: string;
  credit_limit_included: number | null;
  last_change_date_time: string | null;
  reference_date: string | null;
  last_committed_transaction: string | null;
  position: number;
}

export interface TransactionTable {
  transaction_id: string;
  account_id: string;
  booking_status: 'booked' | 'pending';
  entry_reference: string | null;
  end_to_end_id: string | null;
  /** Booking date for booked entries; null for pending ones. */
  booking_date: string | null;
  value_date: string;
  /** The date the entry reached the account: the filter date of pending entries. */
  entry_date: string;
  amount: string;
  currency: string;
  creditor_name: string | null;
  creditor_iban: string | null;
  debtor_name: string | null;
  debtor_iban: string | null;
  remittance_information_unstructured: string | null;
  bank_transaction_code: string | null;
  proprietary_bank_transaction_code: string | null;
  /** Order within one date: higher is newer. */
  seq: number;
}

/** A card account (1.3.12 /v1/card-accounts): a credit or company card, identified by its PAN. */
export interface CardAccountTable {
  resource_id: string;
  psu_id: string;
  /** The card number, unique at the bank; consents may name the card by it. */
  pan: string;
  /** The card number as answers show it (first six and last four digits). */
  masked_pan: string;
  currency: string;
  name: string;
  display_name: string | null;
  product: string;
  owner_name: string;
  status: 'enabled' | 'deleted' | 'blocked';
  usage: 'PRIV' | 'ORGA';
  credit_limit: string;
  /** Order in the PSU's card account list. */
  position: number;
}

/** A card account's balances: the same members as an account's. */
export type CardBalanceTable = BalanceTable;

/** One card transaction. Amounts are signed as on an account (a purchase is negative). */
export interface CardTransactionTable {
  transaction_id: string;
  account_id: string;
  booking_status: 'booked' | 'pending';
  /** The day the card was used: the filter date of the report. */
  entry_date: string;
  /** When the merchant's terminal took the card; null for the bank's own postings (a statement's settlement). */
  acceptor_date_time: string | null;
  /** Null for pending transactions. */
  booking_date: string | null;
  value_date: string | null;
  amount: string;
  currency: string;
  /** Set for a purchase in another currency: the merchant's amount, the rate and the bank's markup. */
  original_amount: string | null;
  original_currency: string | null;
  exchange_rate: string | null;
  markup_fee: string | null;
  markup_fee_percentage: string | null;
  card_acceptor_id: string | null;
  terminal_id: string | null;
  /** The merchant's name as the card statement prints it, or what the bank's posting is. */
  details: string;
  acceptor_street: string | null;
  acceptor_town: string | null;
  acceptor_post_code: string | null;
  acceptor_country: string | null;
  merchant_category_code: string | null;
  masked_pan: string;
  /** 1 once the transaction is on a card statement. */
  invoiced: number;
  proprietary_bank_transaction_code: string | null;
  /** Order within one date: higher is newer. */
  seq: number;
}

export interface PaymentTable {
  payment_id: string;
  payment_service: string;
  payment_product: string;
  /** The initiation body as received (JSON), or as read from its pain.001 document. */
  body: string;
  /** A pain.001 product's document (XML) as the TPP sent it; null for the JSON products. */
  document: string | null;
  debtor_iban: string;
  transaction_status: string;
  sca_approach: string;
  psu_id: string | null;
  tpp_redirect_uri: string | null;
  tpp_nok_redirect_uri: string | null;
  funds_available: number | null;
  created_at: string;
  status_changed_at: string;
  /** When SCA finished and the payment was accepted (ACTC); drives settlement. */
  accepted_at: string | null;
  /** What became of each payment it orders once accepted (JSON: status and reason per payment), null before. */
  entry_statuses: string | null;
  /** When its accepted payments settled; a partially accepted bulk keeps PART, so this says it settled. */
  settled_at: string | null;
  version: Generated<number>;
}

export interface ConsentTable {
  consent_id: string;
  /** The access object as requested (JSON). */
  access: string;
  /** JSON list of the resource ids the authorising PSU granted, per service; null until authorised. */
  granted: string | null;
  recurring_indicator: number;
  valid_until: string;
  frequency_per_day: number;
  combined_service_indicator: number;
  consent_status: string;
  last_action_date: string;
  psu_id: string | null;
  sca_approach: string;
  tpp_redirect_uri: string | null;
  tpp_nok_redirect_uri: string | null;
  usage_day: string | null;
  usage_count: number;
  created_at: string;
  version: Generated<number>;
}

export type ResourceType = 'payment' | 'consent' | 'basket';
export type AuthorisationKind = 'authorisation' | 'cancellation';

export interface AuthorisationTable {
  authorisation_id: string;
  resource_type: ResourceType;
  resource_id: string;
  kind: AuthorisationKind;
  sca_approach: string;
  sca_status: string;
  psu_id: string | null;
  chosen_method: string | null;
  otp_attempts: number;
  tpp_redirect_uri: string | null;
  tpp_nok_redirect_uri: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
}

/** An OAuth authorisation code, issued when the PSU approves on the authorize page. Only its SHA-256 is kept. */
export interface OAuthCodeTable {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  /** The PKCE S256 challenge of the authorisation request. */
  code_challenge: string;
  /** `AIS:<consentId>`, `PIS:<paymentId>` or `SBS:<basketId>`. */
  scope: string;
  resource_type: ResourceType;
  resource_id: string;
  authorisation_id: string;
  created_at: string;
  expires_at: string;
  /** When the code was exchanged for a token; codes are single use. */
  used_at: string | null;
}

/** An OAuth access token, issued for one code. Only its SHA-256 is kept. */
export interface OAuthTokenTable {
  token_hash: string;
  code_hash: string;
  client_id: string;
  scope: string;
  resource_type: ResourceType;
  resource_id: string;
  created_at: string;
  expires_at: string;
  /** Set when the code was presented a second time (RFC 6749 §4.1.2): the token is no longer honoured. */
  revoked_at: string | null;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** A failure-injection rule of the admin API: the rule as JSON, and how many more calls it answers (null: until removed). */
export interface ScenarioTable {
  scenario_id: string;
  rule: string;
  remaining: number | null;
  created_at: string;
}

/** A saved state of the bank (every table's rows as JSON), restored through the admin API. */
export interface SnapshotTable {
  name: string;
  created_at: string;
  data: string;
}

/** A signing basket: payments and consents of one PSU authorised by one SCA. */
export interface SigningBasketTable {
  basket_id: string;
  /** The PSU every member belongs to, where the bank knows it. */
  psu_id: string | null;
  transaction_status: string;
  status_changed_at: string;
  sca_approach: string;
  tpp_redirect_uri: string | null;
  tpp_nok_redirect_uri: string | null;
  created_at: string;
  version: Generated<number>;
}

/**
 * A payment or consent of a basket. `open_key` (`payment:<id>`, `consent:<id>`) is set while the basket is open and
 * unique, so a transaction is in one open basket at most; it is cleared when the basket is authorised or rejected.
 */
export interface SigningBasketMemberTable {
  basket_id: string;
  member_type: 'payment' | 'consent';
  member_id: string;
  position: number;
  open_key: string | null;
}

export interface Database {
  psus: PsuTable;
  accounts: AccountTable;
  balances: BalanceTable;
  transactions: TransactionTable;
  payments: PaymentTable;
  consents: ConsentTable;
  authorisations: AuthorisationTable;
  sandbox_meta: MetaTable;
  oauth_codes: OAuthCodeTable;
  oauth_tokens: OAuthTokenTable;
  sandbox_scenarios: ScenarioTable;
  sandbox_snapshots: SnapshotTable;
  card_accounts: CardAccountTable;
  card_balances: CardBalanceTable;
  card_transactions: CardTransactionTable;
  signing_baskets: SigningBasketTable;
  signing_basket_members: SigningBasketMemberTable;
}

export type PsuRow = Selectable<PsuTable>;
export type AccountRow = Selectable<AccountTable>;
export type BalanceRow = Selectable<BalanceTable>;
export type TransactionRow = Selectable<TransactionTable>;
export type PaymentRow = Selectable<PaymentTable>;
export type ConsentRow = Selectable<ConsentTable>;
export type AuthorisationRow = Selectable<AuthorisationTable>;
export type SigningBasketRow = Selectable<SigningBasketTable>;
export type SigningBasketMemberRow = Selectable<SigningBasketMemberTable>;
export type OAuthCodeRow = Selectable<OAuthCodeTable>;
export type OAuthTokenRow = Selectable<OAuthTokenTable>;
export type ScenarioRow = Selectable<ScenarioTable>;
export type NewPsu = Insertable<PsuTable>;
export type NewAccount = Insertable<AccountTable>;
export type NewBalance = Insertable<BalanceTable>;
export type NewTransaction = Insertable<TransactionTable>;
export type CardAccountRow = Selectable<CardAccountTable>;
export type CardTransactionRow = Selectable<CardTransactionTable>;
export type NewCardAccount = Insertable<CardAccountTable>;
export type NewCardTransaction = Insertable<CardTransactionTable>;
