// /baskets: the signing baskets this browser created with the active bank profile (XS2A has no list operation).
import { useActiveProfile } from '../../../api';
import { Badge, CodeBadge, PresenterDetails } from '../../../components/ui';
import { HistoryItem, HistoryList, HistoryListPage } from '../../../flows/resource';
import { basketHistory, type BasketHistoryEntry } from '../model/basket-history';
import { basketRoute, membersSummary } from '../model/basket-route';
import { basketStatusLabel, basketTone } from '../model/basket-status';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function BasketsListPage() {
  const profile = useActiveProfile();
  const entries = basketHistory.useList(profile.id);
  return (
    <HistoryListPage
      title="Signing baskets"
      intro={
        <>
          Baskets of payments and consents created from this browser with the bank profile{' '}
          <span className="font-medium text-slate-900">{profile.name}</span>: the PSU authorises everything in a basket
          with one SCA. XS2A has no operation that lists baskets, so the console keeps this list itself, in this
          browser&apos;s storage.
        </>
      }
      create={{ to: '/baskets/new', label: 'New signing basket' }}
    >
      <HistoryList
        count={entries.length}
        noun={{ one: 'basket', many: 'baskets' }}
        empty={{
          text: 'Initiate payments or create consents without authorising them, then put them in a basket and authorise them all at once.',
          link: { to: '/baskets/new', label: 'Create a signing basket' },
        }}
        onClear={() => basketHistory.clear(profile.id)}
      >
        {entries.map((entry) => (
          <BasketListItem key={entry.basketId} entry={entry} />
        ))}
      </HistoryList>
    </HistoryListPage>
  );
}

function BasketListItem({ entry }: { entry: BasketHistoryEntry }) {
  const status = entry.transactionStatus;
  return (
    <HistoryItem
      to={basketRoute(entry.basketId)}
      title={`Basket of ${membersSummary(entry.members)}`}
      tags={entry.deletedAt !== undefined && <Badge>deleted</Badge>}
      aside={
        status &&
        entry.deletedAt === undefined && (
          <span className="flex items-center gap-1 text-xs text-slate-600">
            Last known status{' '}
            <CodeBadge code={status} plainName={basketStatusLabel(status)} tone={basketTone(status)} withName={false}>
              <span className="sr-only">{basketStatusLabel(status)}</span>
            </CodeBadge>
          </span>
        )
      }
    >
      <p className="text-xs text-slate-600">
        Created <time dateTime={new Date(entry.createdAt).toISOString()}>{timeFormat.format(entry.createdAt)}</time>
      </p>
      <PresenterDetails summary="Technical details">
        <p className="font-mono text-xs break-all text-slate-500">{entry.basketId}</p>
      </PresenterDetails>
    </HistoryItem>
  );
}
