// "Use test PSU" on the payment and consent forms: when the profile's bank is the sandbox (its admin API answers), a
// choice of its PSUs; choosing one hands the form the PSU with its accounts, and the form fills what it needs.
import { useId, useState } from 'react';
import { useBankDataDisplay, useSandboxAdmin, useSandboxPsus, type BankProfile, type SandboxPsu } from '../../api';
import { Button, Select } from '../../components/ui';

export interface TestPsuChoiceProps {
  profile: BankProfile;
  /** What choosing fills, in words: "PSU-ID and the debtor IBAN". */
  fills: string;
  onChoose: (psu: SandboxPsu) => void;
}

/** Nothing for a bank without the sandbox admin API (or one whose token is not given yet). */
export function TestPsuChoice({ profile, fills, onChoose }: TestPsuChoiceProps) {
  const admin = useSandboxAdmin(profile);
  const controls = admin.data?.available && !admin.data.tokenNeeded ? admin.data.controls : undefined;
  const psus = useSandboxPsus(profile, controls);
  const [chosen, setChosen] = useState('');
  const [used, setUsed] = useState<string>();
  const selectId = useId();
  const display = useBankDataDisplay();
  const list = psus.data?.psus ?? [];
  if (!controls || list.length === 0) return null;
  const psuId = chosen || list[0]?.psuId || '';

  function use() {
    const psu = list.find((candidate) => candidate.psuId === psuId);
    if (!psu) return;
    onChoose(psu);
    setUsed(psu.psuId);
  }

  return (
    <div className="flex flex-wrap items-end gap-2 rounded border border-dashed border-slate-300 bg-white p-3 text-sm">
      <div className="space-y-1">
        <label htmlFor={selectId} className="block font-medium text-slate-800">
          Test PSU of the sandbox
        </label>
        <Select
          id={selectId}
          value={psuId}
          onChange={(event) => setChosen(event.target.value)}
          className="w-72 max-w-full"
        >
          {list.map((psu) => (
            <option key={psu.psuId} value={psu.psuId}>
              {psu.psuId} · {display.person(psu.name)} ({psu.accounts.length}{' '}
              {psu.accounts.length === 1 ? 'account' : 'accounts'})
            </option>
          ))}
        </Select>
      </div>
      <Button onClick={use}>Use test PSU</Button>
      <p role="status" className="basis-full text-xs text-slate-600">
        {used ? `Filled ${fills} of ${used}.` : `Fills ${fills}.`}
      </p>
    </div>
  );
}

/** The account of a test PSU a payment in `currency` would be paid from: the first in that currency, else the first. */
export function accountFor(psu: SandboxPsu, currency: string) {
  return psu.accounts.find((account) => account.currency === currency) ?? psu.accounts[0];
}
