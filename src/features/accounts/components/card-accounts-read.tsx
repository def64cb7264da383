// The card accounts list read with the active consent, once its status is valid (GET /v1/card-accounts).
import { useState } from 'react';
import { cardAccountKeys, useBankDataDisplay, useCardAccounts, type BankProfile } from '../../../api';
import { KeyValueList } from '../../../components/ui';
import type { CardAccountDetails } from '../../../xs2a';
import { AccountListFrame, AccountListItem } from './account-list-frame';
import { cardFactItems, cardTitle } from './card-facts';
import { ConsentStatusGate } from './consent-status-gate';
import { cardAccountRoute } from '../model/format';

export function CardAccountsRead({ profile, consentId }: { profile: BankProfile; consentId: string }) {
  return (
    <ConsentStatusGate profile={profile} consentId={consentId}>
      {() => <CardAccountList profile={profile} consentId={consentId} />}
    </ConsentStatusGate>
  );
}

function CardAccountList({ profile, consentId }: { profile: BankProfile; consentId: string }) {
  const [withBalance, setWithBalance] = useState(false);
  const query = useCardAccounts({ profile, consentId, withBalance });
  const cards = query.isError ? undefined : query.data?.body.cardAccounts;
  return (
    <AccountListFrame
      id="card-list-heading"
      noun="card account"
      count={cards?.length}
      profile={profile}
      consentId={consentId}
      query={query}
      waitKey={cardAccountKeys.list(profile.id, consentId, withBalance)}
      withBalance={withBalance}
      onWithBalance={setWithBalance}
    >
      {cards?.map((card, index) => (
        <CardItem key={card.resourceId ?? index} card={card} withBalance={withBalance} />
      ))}
    </AccountListFrame>
  );
}

function CardItem({ card, withBalance }: { card: CardAccountDetails; withBalance: boolean }) {
  const display = useBankDataDisplay();
  return (
    <AccountListItem
      noun="card account"
      title={cardTitle(card, display)}
      route={card.resourceId ? cardAccountRoute(card.resourceId) : undefined}
      status={card.status}
      withBalance={withBalance}
      balances={card.balances}
    >
      <KeyValueList items={cardFactItems(card, display)} />
    </AccountListItem>
  );
}
