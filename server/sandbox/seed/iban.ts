// IBANs for the sandbox bank and its made-up counterparties. German bank codes starting with 9 are not assigned
// (clearing areas run 1 to 8), so none of these numbers can reach a real bank.
import { composeIBAN, isValidIBAN } from 'ibantools';
import { hashDigits, hashHex } from './random';

export const SANDBOX_BANK_CODE = '99010000';
export const SANDBOX_BIC = 'SNDBDEFFXXX';

export function iban(countryCode: string, bban: string): string {
  const composed = composeIBAN({ countryCode, bban });
  if (!composed || !isValidIBAN(composed)) throw new Error(`Cannot compose a valid IBAN from ${countryCode} ${bban}`);
  return composed;
}

export function sandboxIban(accountNumber: string): string {
  return iban('DE', SANDBOX_BANK_CODE + accountNumber.padStart(10, '0'));
}

const otherGermanBanks = ['99020000', '99030040', '99040010', '99050050', '99060070', '99070020'];

export interface Party {
  name: string;
  iban: string;
}

const parties = new Map<string, Party>();

/** A counterparty with a stable made-up IBAN derived from its name (and an optional key for namesakes). */
export function party(name: string, country: 'DE' | 'IE' | 'GB' | 'NL' = 'DE', key = ''): Party {
  const id = `${country}|${name}|${key}`;
  let found = parties.get(id);
  if (!found) {
    const digits = hashDigits(id, 24);
    const bankIndex = Number.parseInt(hashHex(id, 7).slice(0, 4), 16) % otherGermanBanks.length;
    const bban =
      country === 'DE'
        ? `${otherGermanBanks[bankIndex] ?? '99020000'}${digits.slice(0, 10)}`
        : country === 'NL'
          ? `XBNK${digits.slice(0, 10)}`
          : `XBNK${digits.slice(0, 14)}`; // IE and GB: bank id, sort code, account number
    found = { name, iban: iban(country, bban) };
    parties.set(id, found);
  }
  return found;
}
