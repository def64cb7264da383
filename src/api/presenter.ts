// Presenter mode: the console shown on a projector or a shared screen. Remembered for this tab (sessionStorage), so a
// round trip to the bank's page and a reload keep it, and another tab keeps its own choice.
import { useSyncExternalStore } from 'react';
import { maskAccountName, maskAccountNumber, maskCounterpartyName, maskPersonalDataInText, shortenName } from '../xs2a';
import { createListeners, webStorage } from './web-storage';

export const PRESENTER_STORAGE_KEY = 'xs2a-console.presenter.v1';

const listeners = createListeners();

function readStored(): boolean {
  try {
    return webStorage('session')?.getItem(PRESENTER_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

let on = readStored();

export const presenterMode = {
  isOn: (): boolean => on,
  set(next: boolean): void {
    if (next === on) return;
    on = next;
    try {
      const store = webStorage('session');
      if (next) store?.setItem(PRESENTER_STORAGE_KEY, 'on');
      else store?.removeItem(PRESENTER_STORAGE_KEY);
    } catch {
      // blocked storage: the mode holds for this page load only
    }
    listeners.notify();
  },
  subscribe: listeners.subscribe,
};

export function usePresenterMode(): boolean {
  return useSyncExternalStore(presenterMode.subscribe, presenterMode.isOn, presenterMode.isOn);
}

/**
 * How bank data is shown: as it is, or (presenter mode) with account numbers masked, people's names shortened
 * (businesses keep theirs) and addresses in texts masked.
 */
export interface BankDataDisplay {
  masked: boolean;
  /** An IBAN, BBAN or masked PAN as text. */
  account: (value: string) => string;
  /** The name of the account's holder or of the PSU: always a person's. */
  person: (value: string) => string;
  /** A counterparty's name (creditor, debtor, the other side of a transaction): a person's or a business's. */
  name: (value: string) => string;
  /** An account's name ("Main account"; or the holder's name, which presenter mode shortens): see maskAccountName. */
  accountName: (value: string) => string;
  /** Free text from the bank that may carry account numbers, addresses or names (remittance information, messages). */
  text: (value: string) => string;
}

const asIs = (value: string) => value;

export const PLAIN_DISPLAY: BankDataDisplay = {
  masked: false,
  account: asIs,
  person: asIs,
  name: asIs,
  accountName: asIs,
  text: asIs,
};
export const MASKED_DISPLAY: BankDataDisplay = {
  masked: true,
  account: maskAccountNumber,
  person: shortenName,
  name: maskCounterpartyName,
  accountName: maskAccountName,
  text: maskPersonalDataInText,
};

export function bankDataDisplay(masked: boolean): BankDataDisplay {
  return masked ? MASKED_DISPLAY : PLAIN_DISPLAY;
}

/** The display of bank data for the current mode. */
export function useBankDataDisplay(): BankDataDisplay {
  return bankDataDisplay(usePresenterMode());
}
