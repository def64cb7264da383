// The confirmation of funds service (PIIS): whether an amount is available now on an account of this bank, judged by
// the same funds check the bank makes when it accepts a payment (rules/payments.ts: the account's available balance,
// which counts its arranged overdraft, and the account's funds rule). The body is parsed here; the answer is built by
// http/answers/funds-confirmations.ts.
import { ConfirmationOfFunds, accountReferenceIdentifierKeys } from '../../../src/xs2a';
import { bankError } from '../rules/bank-error';
import { fundsSuffice } from '../rules/payments';
import { AccountsStore } from '../store/accounts-store';
import type { AccountRow, BalanceRow } from '../store/schema';
import type { DomainContext } from './context';
import { parseWith } from './parse';

/** The balance a funds check is made against: interimAvailable, with the credit limit where the account has one. */
const AVAILABLE = 'interimAvailable';

/** What the bank found: the account addressed, the balance it checked and its verdict. */
export interface FundsCheck {
  account: AccountRow;
  /** The available balance the verdict rests on; none when the account has none (and nothing is confirmed). */
  available: BalanceRow | undefined;
  fundsAvailable: boolean;
}

export class FundsConfirmations {
  private readonly store: AccountsStore;

  constructor(ctx: DomainContext) {
    this.store = new AccountsStore(ctx.db);
  }

  /** Checks `raw` (a confirmationOfFunds body) against the account it names; throws BankError for what it refuses. */
  async check(raw: unknown): Promise<FundsCheck> {
    const body = parseWith(ConfirmationOfFunds, raw, 'piis');
    const { account: reference, instructedAmount } = body;
    const iban = reference.iban;
    if (iban === undefined) {
      const used = accountReferenceIdentifierKeys.find((key) => reference[key] !== undefined) ?? 'iban';
      throw bankError('PARAMETER_NOT_SUPPORTED', `This bank identifies accounts by IBAN, not by ${used}.`, {
        area: 'piis',
        path: `account.${used}`,
      });
    }
    const account = await this.accountOf(iban, reference.currency);
    if (instructedAmount.currency !== account.currency) {
      throw bankError(
        'PARAMETER_NOT_CONSISTENT',
        `The account is held in ${account.currency}; this bank confirms funds in the account's currency only, not in ${instructedAmount.currency}.`,
        { area: 'piis', path: 'instructedAmount.currency' },
      );
    }
    const available = (await this.store.balancesOf([account.resource_id]))
      .get(account.resource_id)
      ?.find((balance) => balance.balance_type === AVAILABLE);
    // Without an available balance the bank cannot confirm any amount.
    const fundsAvailable = available !== undefined && fundsSuffice(account.funds_rule, available, instructedAmount);
    return { account, available, fundsAvailable };
  }

  /** The account holding `iban` (in `currency` when the reference names one), open for funds checks. */
  private async accountOf(iban: string, currency: string | undefined): Promise<AccountRow> {
    const id = (await this.store.idsByIban([iban])).get(iban);
    const account = id === undefined ? undefined : await this.store.byId(id);
    if (!account) {
      throw bankError('RESOURCE_UNKNOWN', `No account with the IBAN ${iban} is held at this bank.`, {
        area: 'piis',
        path: 'account.iban',
      });
    }
    if (currency !== undefined && currency !== account.currency) {
      throw bankError('RESOURCE_UNKNOWN', `The account ${iban} is held in ${account.currency}, not in ${currency}.`, {
        area: 'piis',
        path: 'account.currency',
      });
    }
    if (account.status === 'deleted') {
      throw bankError('RESOURCE_EXPIRED', `The account ${iban} is closed.`, { area: 'piis', path: 'account.iban' });
    }
    if (account.status === 'blocked') {
      throw bankError('RESOURCE_BLOCKED', `The account ${iban} is blocked.`, { area: 'piis', path: 'account.iban' });
    }
    return account;
  }
}
