// A card account read with the active consent, once its status is valid: its details, balances and card transactions.
// Balances and transactions are read only when the details link them (banks link what the consent covers, and a
// refused read still counts against frequencyPerDay).
import { useEffect, useMemo, useState } from 'react';
import {
  cardAccountKeys,
  linkOf,
  readLinks,
  useBankDataDisplay,
  useCardAccount,
  useCardBalances,
  useCardTransactions,
  type BankProfile,
} from '../../../api';
import { Button, DeviationNotice, JsonView, KeyValueList, LoadingText, Panel } from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import type { CardTransaction } from '../../../xs2a';
import { rowsOfCardReport, cardTransactionWords, merchantOf } from '../model/card-transaction-rows';
import { displayAmount, displayCount } from '../model/format';
import type { ReportQuery } from '../model/report-query';
import type { RowStatus, TransactionRow } from '../model/transaction-rows';
import { BalancesTable } from './balances-table';
import { cardFactItems, cardTitle } from './card-facts';
import { ConsentStatusGate } from './consent-status-gate';
import { ReadError } from './read-error';
import { ReportQueryForm } from './report-query-form';
import { FilteredTable, exportCsv, useReportQuery, useShownRows } from './transactions-panel';

type CardContext = { profile: BankProfile; consentId: string; accountId: string };

export function CardAccountRead(props: CardContext & { onName: (name: string | undefined) => void }) {
  return (
    <ConsentStatusGate profile={props.profile} consentId={props.consentId}>
      {() => <CardAccountView key={`${props.consentId}/${props.accountId}`} {...props} />}
    </ConsentStatusGate>
  );
}

function CardAccountView({ onName, ...context }: CardContext & { onName: (name: string | undefined) => void }) {
  const details = useCardAccount(context);
  const display = useBankDataDisplay();
  const card = details.isError ? undefined : details.data?.body.cardAccount;
  const title = card ? cardTitle(card, display) : undefined;
  useEffect(() => onName(title), [onName, title]);
  const links: unknown = card?._links;
  const offers = (name: string) => card !== undefined && linkOf(links, name) !== undefined;
  return (
    <div className="space-y-4">
      <Panel title="Card account details" description="GET /v1/card-accounts/{account-id}">
        {details.isPending && <LoadingText>Reading the card account…</LoadingText>}
        <ReadWaitNotice
          queryKey={cardAccountKeys.card(context.profile.id, context.consentId, context.accountId, 'detail')}
        />
        {details.isError && (
          <ReadError
            error={details.error}
            what="the card account"
            {...context}
            onRetry={() => void details.refetch()}
          />
        )}
        {details.data && !details.isError && <DeviationNotice deviations={details.data.deviations} />}
        {card && details.data && (
          <>
            <KeyValueList items={cardFactItems(card, display)} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-slate-700">JSON</summary>
              <JsonView className="mt-2" value={details.data.body} label="Card account as JSON" />
            </details>
          </>
        )}
      </Panel>
      {card && <CardBalances context={context} offered={offers('balances')} />}
      {card && <CardTransactions context={context} offered={offers('transactions')} maskedPan={card.maskedPan} />}
    </div>
  );
}

function NotLinked({ what }: { what: string }) {
  return (
    <p className="text-sm text-slate-700">
      The card account&apos;s details offer no <code className="font-mono">{what}</code> link, so the consent most
      likely does not cover its {what}. Nothing was read.
    </p>
  );
}

function CardBalances({ context, offered }: { context: CardContext; offered: boolean }) {
  const balances = useCardBalances(context, { enabled: offered });
  const list = balances.isError ? undefined : balances.data?.body.balances;
  return (
    <Panel title="Balances" description="GET /v1/card-accounts/{account-id}/balances">
      {!offered && <NotLinked what="balances" />}
      {offered && balances.isPending && <LoadingText>Reading the balances…</LoadingText>}
      {balances.isError && (
        <ReadError error={balances.error} what="the balances" {...context} onRetry={() => void balances.refetch()} />
      )}
      {list && balances.data && (
        <>
          <DeviationNotice deviations={balances.data.deviations} />
          <BalancesTable balances={list} caption="Balances of the card account" />
        </>
      )}
    </Panel>
  );
}

function CardTransactions({
  context,
  offered,
  maskedPan,
}: {
  context: CardContext;
  offered: boolean;
  maskedPan: string | undefined;
}) {
  // A card report takes no withBalance in 1.3.12.
  const { query, today, apply, queryKey, readKey } = useReportQuery(context.profile, (next) => ({
    ...next,
    withBalance: false,
  }));
  return (
    <Panel
      title="Card transactions"
      description="GET …/card-accounts/{account-id}/transactions: the card's purchases for a period, page by page."
    >
      {!offered && <NotLinked what="transactions" />}
      {offered && (
        <>
          <ReportQueryForm key={queryKey} query={query} today={today} onApply={apply} offersWithBalance={false} />
          <CardReport key={readKey} context={context} query={query} fileStem={maskedPan} />
        </>
      )}
    </Panel>
  );
}

function CardReport({
  context,
  query,
  fileStem,
}: {
  context: CardContext;
  query: ReportQuery;
  fileStem: string | undefined;
}) {
  const [href, setHref] = useState<string>();
  const report = useCardTransactions({
    ...context,
    bookingStatus: query.bookingStatus,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    ...(href !== undefined && { href }),
  });
  const body = report.isError ? undefined : report.data?.body;
  const { rows: loaded, byKey } = useMemo(() => rowsOfCardReport(body?.cardTransactions), [body]);
  const rows = useShownRows(loaded);
  const [selected, setSelected] = useState<TransactionRow>();
  const display = useBankDataDisplay();
  const pages = readLinks(body?.cardTransactions?._links).links;
  const groups: RowStatus[] = query.bookingStatus === 'both' ? ['pending', 'booked'] : [query.bookingStatus];
  const chosen = selected ? byKey.get(selected.key) : undefined;
  const stem = fileStem ? display.account(fileStem) : context.accountId;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {(['first', 'previous', 'next', 'last'] as const).map((name) => {
          const link = pages[name]?.href;
          return (
            link && (
              <Button key={name} size="sm" disabled={report.isFetching} onClick={() => setHref(link)}>
                {name[0]?.toUpperCase()}
                {name.slice(1)} page
              </Button>
            )
          );
        })}
        <Button
          size="sm"
          disabled={rows.count === 0}
          onClick={() => void exportCsv([...rows.shown.pending, ...rows.shown.booked], stem, query, display)}
        >
          Export CSV
        </Button>
      </div>
      {report.isPending && <LoadingText>Reading the card transactions…</LoadingText>}
      {report.isError && (
        <ReadError
          error={report.error}
          what="the card transactions"
          {...context}
          onRetry={() => void report.refetch()}
        />
      )}
      {report.data && !report.isError && <DeviationNotice deviations={report.data.deviations} />}
      {body && (
        <>
          <p className="text-sm text-slate-700">
            {displayCount(loaded.pending.length + loaded.booked.length)} card transactions on this page. The text of
            each says where the card was used and, for a purchase in another currency, what the merchant charged, the
            rate and the bank&apos;s markup fee.
          </p>
          <FilteredTable
            rows={rows}
            loadedCount={loaded.pending.length + loaded.booked.length}
            groups={groups}
            onOpen={setSelected}
            caption={`Card transactions from ${query.dateFrom} to ${query.dateTo}`}
          />
        </>
      )}
      {chosen && <CardTransactionDetails transaction={chosen} onClose={() => setSelected(undefined)} />}
    </div>
  );
}

function CardTransactionDetails({ transaction, onClose }: { transaction: CardTransaction; onClose: () => void }) {
  const display = useBankDataDisplay();
  const merchant = merchantOf(transaction);
  const amount = transaction.transactionAmount;
  return (
    <section aria-label="Card transaction" className="space-y-2 rounded border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-semibold">{merchant ? display.name(merchant) : 'Card transaction'}</h3>
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <p className="text-sm text-slate-800">
        {amount ? displayAmount(amount.amount, amount.currency) : ''} ·{' '}
        {display.text(cardTransactionWords(transaction))}
      </p>
      <JsonView value={transaction} label="Card transaction as JSON" />
    </section>
  );
}
