// The account reads a consent's frequencyPerDay limits; plain data, so the header can watch for them cheaply.

export const accountReadOperations: readonly string[] = [
  'getAccountList',
  'readAccountDetails',
  'getBalances',
  'getTransactionList',
  'getTransactionDetails',
];

export function isAccountRead(exchange: { operationId: string }): boolean {
  return accountReadOperations.includes(exchange.operationId);
}
