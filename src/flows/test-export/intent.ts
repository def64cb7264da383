// What a flow shows, in words: the name of its test ("alice pays 12.50 EUR to a creditor with redirect SCA", "a consent
// for all accounts with embedded SCA, then the account list, balances and 90 days of transactions") and the name of its
// file, from the operations the person used, never from what the bank assigned (ids) or the recorded values.
import type { Exchange } from '../../api';
import { jsTemplateText } from '../code-export/literals';
import { daysBetween, type Code, type ReplayPlan } from './plan';

export interface FlowIntent {
  /** The test's title as a template literal: the PSU and the payment's values are the run's, from the environment. */
  title: Code;
  /** The file's name without `.spec.ts`: lower-case words and dashes only. */
  slug: string;
}

/** How the PSU authorised: the approaches the plan's SCA steps took. */
function approachOf(plan: ReplayPlan): string | undefined {
  for (const step of plan.steps) {
    if (step.kind === 'embedded') return 'embedded';
    if (step.kind === 'sca') return step.approach === 'oauth' ? 'OAuth' : step.approach;
  }
  return undefined;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The consent's access in words. */
function accessWords(access: Record<string, unknown>): string {
  if (access.allPsd2 !== undefined) return 'all PSD2 data';
  if (access.availableAccountsWithBalance !== undefined) return 'the available accounts with balances';
  if (access.availableAccounts !== undefined) return 'the available accounts';
  const kinds = ['accounts', 'balances', 'transactions'].filter(
    (kind) => Array.isArray(access[kind]) && (access[kind] as unknown[]).length > 0,
  );
  if (kinds.length === 0) return 'the accounts the bank offers';
  const references = kinds.flatMap((kind) => access[kind] as unknown[]).map(asRecord);
  const cards = references.filter((reference) => 'maskedPan' in reference || 'pan' in reference).length;
  const chosen =
    cards === 0 ? 'chosen accounts' : cards === references.length ? 'a chosen card' : 'chosen accounts and cards';
  return `${kinds.length === 3 ? 'accounts, balances and transactions' : kinds.join(' and ')} of ${chosen}`;
}

/** The reads a consent's test may make, in the order its title names them, with the word for the file's name. */
const READS: [operation: string, words: string, slug: string][] = [
  ['getAccountList', 'the account list', 'accounts'],
  ['readAccountDetails', "an account's details", 'accounts'],
  ['getBalances', 'balances', 'balances'],
  ['getTransactionList', 'transactions', 'transactions'],
  ['getCardAccountList', 'the card accounts', 'cards'],
  ['readCardAccountDetails', "a card account's details", 'cards'],
  ['getCardAccountBalances', 'card balances', 'card-balances'],
  ['getCardAccountTransactionList', 'card transactions', 'card-transactions'],
];

/** Reads of a report over a period: named by the period's days when it has a first day. */
const PERIOD_READS: Record<string, string> = {
  getTransactionList: 'transactions',
  getCardAccountTransactionList: 'card transactions',
};

/** What the flow read with the consent, in a fixed order, each once: words for the title and for the file's name. */
function readsOf(exchanges: readonly Exchange[], today: string): { words: string[]; slugs: string[] } {
  const words: string[] = [];
  const slugs: string[] = [];
  for (const [operation, said, slug] of READS) {
    const read = exchanges.find((exchange) => exchange.operationId === operation);
    if (!read) continue;
    let text = said;
    const report = PERIOD_READS[operation];
    if (report) {
      const query = new URL(read.request.url, 'http://x').searchParams;
      const from = query.get('dateFrom');
      const to = query.get('dateTo') ?? today;
      const days = from && /^\d{4}-\d{2}-\d{2}$/.test(from) ? daysBetween(from, to) : undefined;
      if (days !== undefined && days > 0) text = `${days} days of ${report}`;
    }
    words.push(text);
    if (!slugs.includes(slug)) slugs.push(slug);
  }
  return { words, slugs };
}

const list = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

function slugOf(words: string): string {
  return (
    words
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'flow'
  );
}

/** Payment products and services are words of the spec; anything else a bank named is left out of the title. */
const wordsOnly = (text: string | undefined) => (text && /^[a-z0-9-]{1,60}$/.test(text) ? text : undefined);

const counted = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A signing basket's members in words ("2 payments and 1 consent"), from the ids its creation sent. */
function basketWords(creation: Exchange): string {
  const body = asRecord(creation.request.body);
  const count = (member: string) => (Array.isArray(body[member]) ? (body[member] as unknown[]).length : 0);
  const kinds = [
    ...(count('paymentIds') > 0 ? [counted(count('paymentIds'), 'payment')] : []),
    ...(count('consentIds') > 0 ? [counted(count('consentIds'), 'consent')] : []),
  ];
  return list(kinds) || 'nothing';
}

/** The name of the flow's test and file. */
export function flowIntent(exchanges: readonly Exchange[], plan: ReplayPlan): FlowIntent {
  const approach = approachOf(plan);
  const sca = approach ? ` with ${approach} SCA` : '';
  // A signing basket's test creates its members first: the basket names it.
  const basket = exchanges.find((exchange) => exchange.operationId === 'createSigningBasket');
  if (basket) {
    const deleted = exchanges.some((exchange) => exchange.operationId === 'deleteSigningBasket');
    return {
      title: `\`\${PSU.id} signs a basket of ${basketWords(basket)}${sca}${deleted ? ', then deletes it' : ''}\``,
      slug: slugOf(`signing basket ${approach ?? ''}`),
    };
  }
  const initiation = exchanges.find((exchange) => exchange.operationId === 'initiatePayment');
  if (initiation) {
    const path = new URL(initiation.request.url, 'http://x').pathname.split('/');
    const product = wordsOnly(path[path.length - 1]);
    const service = wordsOnly(path[path.length - 2]);
    const cancelled = exchanges.some((exchange) => exchange.operationId === 'cancelPayment');
    const then = cancelled ? ', then cancels it' : '';
    const product_ = product ? ` (${product})` : '';
    const bulk = plan.values.bulk;
    if (bulk) {
      const count = `${bulk.length} payment${bulk.length === 1 ? '' : 's'}`;
      return {
        title: `\`\${PSU.id} pays a bulk of ${count}${jsTemplateText(product_)}${sca}${then}\``,
        slug: slugOf(`bulk payment ${approach ?? ''} ${product ?? ''}`),
      };
    }
    const what = service === 'periodic-payments' ? 'sets up a standing order of' : 'pays';
    const amount = plan.values.payment ? ' ${CHOSEN.amount} ${CHOSEN.currency}' : '';
    return {
      title: `\`\${PSU.id} ${what}${amount} to a creditor${jsTemplateText(product_)}${sca}${then}\``,
      slug: slugOf(
        `${service === 'periodic-payments' ? 'standing order' : 'payment'} ${approach ?? ''} ${product ?? ''}`,
      ),
    };
  }
  const consent = exchanges.find((exchange) => exchange.operationId === 'createConsent');
  if (consent) {
    const access = accessWords(asRecord(asRecord(consent.request.body).access));
    const reads = readsOf(exchanges, plan.values.today);
    const deleted = exchanges.some((exchange) => exchange.operationId === 'deleteConsent');
    const after = [...reads.words, ...(deleted ? ['deletes it'] : [])];
    const words = `a consent for ${access}${sca}${after.length > 0 ? `, then ${list(after)}` : ''}`;
    return {
      title: `\`${jsTemplateText(words)}\``,
      slug: slugOf(`consent ${approach ?? ''} ${reads.slugs.join(' ')}`),
    };
  }
  return { title: '`a flow of the bank`', slug: 'flow' };
}
