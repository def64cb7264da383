// The facts of one account (XS2A accountDetails) as a description list; bank strings stay plain text.
import { PLAIN_DISPLAY, type BankDataDisplay } from '../../../api';
import { Badge, CopyButton, type KeyValueItem } from '../../../components/ui';
import type { AccountDetails } from '../../../xs2a';
import { cashAccountTypeLabel, displayIban } from '../model/format';

export function AccountStatusBadge({ status }: { status: string | undefined }) {
  if (status === undefined) return <Badge tone="neutral">no status (usable)</Badge>;
  const tone = status === 'enabled' ? 'success' : status === 'blocked' ? 'danger' : 'warning';
  return <Badge tone={tone}>{status}</Badge>;
}

/** The owners' names (shortened in presenter mode), read tolerantly: a name of another JSON type is shown as text. */
export function ownerNamesOf(account: AccountDetails, display: BankDataDisplay = PLAIN_DISPLAY): string | undefined {
  const names = account.ownerNames?.map((owner) => {
    const name = display.person(String(owner.name));
    return owner.role ? `${name} (${owner.role})` : name;
  });
  if (names && names.length > 0) return names.join(', ');
  return account.ownerName === undefined ? undefined : display.person(String(account.ownerName));
}

export function accountFactItems(
  account: AccountDetails,
  { withIds = false, display = PLAIN_DISPLAY }: { withIds?: boolean; display?: BankDataDisplay } = {},
): KeyValueItem[] {
  const items: KeyValueItem[] = [];
  const add = (key: string, value: KeyValueItem['value'] | undefined) => {
    if (value !== undefined && value !== null && value !== '') items.push({ key, value });
  };
  if (account.iban) {
    add(
      'IBAN',
      <span className="inline-flex flex-wrap items-center gap-2">
        <span className="font-mono">{display.account(displayIban(account.iban))}</span>
        {/* Presenter mode copies nothing the screen does not show. */}
        {!display.masked && <CopyButton text={account.iban} label="Copy IBAN" />}
      </span>,
    );
  }
  add('BBAN', account.bban && <span className="font-mono">{display.account(account.bban)}</span>);
  add('MSISDN', account.msisdn && display.account(account.msisdn));
  add('Currency', account.currency === 'XXX' ? 'XXX (multicurrency account)' : account.currency);
  add('Name (bank)', account.name && display.accountName(account.name));
  add('Display name (PSU)', account.displayName && display.accountName(account.displayName));
  add('Product', account.product);
  if (account.cashAccountType) {
    const label = cashAccountTypeLabel(account.cashAccountType);
    add(
      'Cash account type',
      <>
        {/* Presenter mode names the type in words only; the ISO code stays for developers. */}
        {label && display.masked ? (
          label
        ) : (
          <>
            <code className="font-mono">{account.cashAccountType}</code>
            {label && <span className="text-slate-600"> ({label})</span>}
          </>
        )}
      </>,
    );
  }
  add('Status', <AccountStatusBadge status={account.status} />);
  add('Usage', account.usage && (account.usage === 'PRIV' ? 'PRIV (private)' : `${account.usage} (professional)`));
  add('Owner', ownerNamesOf(account, display));
  add('PSU name', account.psuName && display.person(String(account.psuName)));
  add('BIC', account.bic && <span className="font-mono">{account.bic}</span>);
  add('Linked accounts', account.linkedAccounts);
  add('Details', account.details);
  if (withIds && !display.masked)
    add('resourceId (account-id)', account.resourceId && <code className="font-mono">{account.resourceId}</code>);
  return items;
}
