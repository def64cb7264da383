// The bank data a step's second line shows (who pays whom, which accounts a consent covers, the bank's message),
// always through a BankDataDisplay, so presenter mode masks it in the diagram and in its exports.
import type { BankDataDisplay, Exchange } from '../../api';
import { answerBody, membersOf as object, requestBody, textOf as text } from './exchange-words';

/** IBAN, BBAN or masked PAN of an account reference, as shown. */
function account(reference: unknown, display: BankDataDisplay): string | undefined {
  const ref = object(reference);
  const number = text(ref.iban) ?? text(ref.bban) ?? text(ref.maskedPan) ?? text(ref.pan);
  return number && display.account(number);
}

/** "12.50 EUR from DE89 … to Boulangerie Exemple (FR14 …)"; a bulk: "3 payments from DE89 …". */
function paymentDetail(body: Record<string, unknown>, display: BankDataDisplay): string | undefined {
  const from = account(body.debtorAccount, display);
  const bulk = Array.isArray(body.payments) ? body.payments : undefined;
  const amount = object(body.instructedAmount);
  const parts: string[] = [];
  if (bulk) parts.push(`${bulk.length} payment${bulk.length === 1 ? '' : 's'}`);
  else if (text(amount.amount)) parts.push([text(amount.amount), text(amount.currency)].filter(Boolean).join(' '));
  if (from) parts.push(`from ${from}`);
  const name = text(body.creditorName);
  const to = account(body.creditorAccount, display);
  if (name || to) parts.push(`to ${[name && display.name(name), to && `(${to})`].filter(Boolean).join(' ')}`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** "Access to DE89 …, DE12 …" or "Access to all accounts". */
function consentDetail(body: Record<string, unknown>, display: BankDataDisplay): string | undefined {
  const access = object(body.access);
  const all = text(access.allPsd2) ?? text(access.availableAccounts) ?? text(access.availableAccountsWithBalance);
  if (all) return `Access to all accounts (${all})`;
  const numbers = new Set<string>();
  for (const member of ['accounts', 'balances', 'transactions']) {
    const list = access[member];
    if (!Array.isArray(list)) continue;
    for (const reference of list) {
      const shown = account(reference, display);
      if (shown) numbers.add(shown);
    }
  }
  return numbers.size > 0 ? `Access to ${[...numbers].join(', ')}` : undefined;
}

/**
 * The second line of an exchange's step: why the console tried it again, what was asked for, the bank's message to the
 * PSU, or its error text.
 */
export function exchangeDetail(
  exchange: Exchange,
  message: string | undefined,
  display: BankDataDisplay,
): string | undefined {
  // A try the console sent again by itself says why: the bank asked to wait, or a link led nowhere without its prefix.
  if (exchange.triedAgain) return display.text(exchange.triedAgain);
  if (message) return display.text(message);
  const body = requestBody(exchange);
  if (exchange.operationId === 'initiatePayment' && body) return paymentDetail(body, display);
  if (exchange.operationId === 'createConsent' && body) return consentDetail(body, display);
  const psuMessage = text(answerBody(exchange)?.psuMessage);
  return psuMessage && display.text(psuMessage);
}
