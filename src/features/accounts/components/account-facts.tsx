// The facts of one account (XS2A accountDetails) as a description list; bank strings stay plain text.
import { Badge, CopyButton, type KeyValueItem } from '../../../components/ui';
import type { AccountDetails } from '../../../xs2a';
import { cashAccountTypeLabel, displayIban } from '../model/format';

export function AccountStatusBadge({ status }: { status: string | undefined }) {
  if (status === undefined) return <Badge tone="neutral">no status (usable)</Badge>;
  const tone = status === 'enabled' ? 'success' : status === 'blocked' ? 'danger' : 'warning';
  return <Badge tone={tone}>{status}</Badge>;
}

export function ownerNamesOf(account: AccountDetails): string | undefined {
  const names = account.ownerNames?.map((owner) => (owner.role ? `${owner.name} (${owner.role})` : owner.name));
  if (names && names.length > 0) return names.join(', ');
  return account.ownerName;
}

export function accountFactItems(account: AccountDetails, { withIds = false } = {}): KeyValueItem[] {
  const items: KeyValueItem[] = [];
  const add = (key: string, value: KeyValueItem['value'] | undefined) => {
    if (value !== undefined && value !== null && value !== '') items.push({ key, value });
  };
  if (account.iban) {
    add(
      'IBAN',
      <span className="inline-flex flex-wrap items-center gap-2">
        <span className="font-mono">{displayIban(account.iban)}</span>
        <CopyButton text={account.iban} label="Copy IBAN" />
      </span>,
    );
  }
  add('BBAN', account.bban && <span className="font-mono">{account.bban}</span>);
  add('MSISDN', account.msisdn);
  add('Currency', account.currency === 'XXX' ? 'XXX (multicurrency account)' : account.currency);
  add('Name (bank)', account.name);
  add('Display name (PSU)', account.displayName);
  add('Product', account.product);
  if (account.cashAccountType) {
    const label = cashAccountTypeLabel(account.cashAccountType);
    add(
      'Cash account type',
      <>
        <code className="font-mono">{account.cashAccountType}</code>
        {label && <span className="text-slate-600"> ({label})</span>}
      </>,
    );
  }
  add('Status', <AccountStatusBadge status={account.status} />);
  add('Usage', account.usage && (account.usage === 'PRIV' ? 'PRIV (private)' : `${account.usage} (professional)`));
  add('Owner', ownerNamesOf(account));
  add('PSU name', account.psuName);
  add('BIC', account.bic && <span className="font-mono">{account.bic}</span>);
  add('Linked accounts', account.linkedAccounts);
  add('Details', account.details);
  if (withIds)
    add('resourceId (account-id)', account.resourceId && <code className="font-mono">{account.resourceId}</code>);
  return items;
}
