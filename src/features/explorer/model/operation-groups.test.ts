import { describe, expect, it } from 'vitest';
import { operationGroups, operationTitles } from './operation-groups';

describe('the explorer’s operation groups', () => {
  it('list the card account reads under account information, each with its title', () => {
    const ais = operationGroups.find((group) => group.id === 'ais')?.operations ?? [];
    const cards = [
      'getCardAccountList',
      'readCardAccountDetails',
      'getCardAccountBalances',
      'getCardAccountTransactionList',
    ] as const;
    expect(ais).toEqual(expect.arrayContaining([...cards]));
    expect(cards.map((name) => operationTitles[name])).toEqual([
      'List the card accounts',
      'Read a card account',
      'Read a card account’s balances',
      'Read a card account’s transactions',
    ]);
  });
});
