// The bank's last word on a payment's or a consent's latest authorisation, which the outcome banner and the narration
// read before they say why: after a return from the bank, an authorisation that ended in the page, or a rejection,
// the scaStatus of the authorisation this tab last took a step in (or else the last one the bank lists) is read
// again. And an error answer to anything the page sent for the resource reads its status again, so the outcome never
// stays behind what the bank just said ("The payment is RJCT").
import { useEffect, useMemo, useRef } from 'react';
import {
  exchangeLog,
  flowOf,
  linkHref,
  useAuthorisations,
  useScaStatus,
  type AuthorisationScope,
  type BankProfile,
  type Exchange,
} from '../../api';
import { recallLatestFlow } from '../sca/flow-memory';
import type { LastStep, LatestAuthorisation, ResourceVerdict } from './outcome';

/** The resource of a page as its outcome is read: whose, which, the latest step taken and the status now. */
export interface OutcomeView {
  profile: BankProfile;
  scope: AuthorisationScope;
  step: LastStep;
  /** The resource's status as read now: a move reads an authorisation that was still open again. */
  current: string | undefined;
  /**
   * ASPSP-SCA-Approach of the creation's answer as this browser keeps it, for an authorisation this tab took no step
   * in; without it, the latest answer of the flow in this tab's exchange log that named one.
   */
  approach?: string | undefined;
}

/** A read of the resource (its status, its body), made again after an error answer. */
export interface ResourceRead {
  refetch: () => unknown;
}

const FINAL = new Set(['finalised', 'failed', 'exempted']);

/** An answer the bank refused to something the page sent (not a read), which may mean the resource moved. */
function isRefusal(exchange: Exchange, flow: string): boolean {
  return (
    exchange.flow === flow &&
    exchange.request.method !== 'GET' &&
    exchange.response !== undefined &&
    exchange.response.status >= 400
  );
}

/** Calls `refresh` after every new error answer in the resource's flow; subscribed without rendering the page. */
function useRefreshAfterRefusal(flow: string, refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    const seen = new Set(
      exchangeLog
        .list()
        .filter((exchange) => isRefusal(exchange, flow))
        .map((exchange) => exchange.id),
    );
    return exchangeLog.subscribe(() => {
      let fresh = false;
      for (const exchange of exchangeLog.list()) {
        if (!isRefusal(exchange, flow) || seen.has(exchange.id)) continue;
        seen.add(exchange.id);
        fresh = true;
      }
      if (fresh) latest.current();
    });
  }, [flow]);
}

/** The approach the latest answer of the flow in this tab named (ASPSP-SCA-Approach), if any did. */
function approachInLog(flow: string): string | undefined {
  const exchanges = exchangeLog.list();
  for (let index = exchanges.length - 1; index >= 0; index -= 1) {
    const exchange = exchanges[index];
    if (exchange?.flow !== flow || !exchange.response) continue;
    const headers = exchange.response.headers;
    const name = Object.keys(headers).find((header) => header.toLowerCase() === 'aspsp-sca-approach');
    if (name !== undefined && headers[name]) return headers[name];
  }
  return undefined;
}

/** The last authorisation id the bank lists, read tolerantly. */
function lastListed(body: unknown): string | undefined {
  const ids = (body as { authorisationIds?: unknown } | undefined)?.authorisationIds;
  if (!Array.isArray(ids)) return undefined;
  const last: unknown = ids[ids.length - 1];
  return typeof last === 'string' && last !== '' ? last : undefined;
}

/** The bank's last word on the resource's latest authorisation, for a resource whose status has this verdict. */
export function useLatestAuthorisation(
  { profile, scope, step, current: status, approach }: OutcomeView,
  verdict: ResourceVerdict,
  ...reads: ResourceRead[]
): LatestAuthorisation {
  const flow = flowOf(scope);
  useRefreshAfterRefusal(flow, () => {
    for (const read of reads) void read.refetch();
  });
  const due = step.kind === 'returned' || step.kind === 'sca' || verdict === 'rejected';
  // What this tab knows of its own last authorisation of the resource, looked at again as the status moves.
  const known = useMemo(
    () => (due ? { flow: recallLatestFlow(profile.id, scope), approach: approachInLog(flow) } : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the scope is named by its flow; read again as the status moves
    [due, profile.id, flow, status],
  );
  const remembered = known?.flow;
  const listed = useAuthorisations({ profile, scope }, { enabled: due && remembered === undefined });
  const authorisationId = remembered?.authorisationId ?? lastListed(listed.data?.body);
  const href = linkHref(remembered?.links?.scaStatus);
  const read = useScaStatus(
    { profile, scope, authorisationId: authorisationId ?? '', ...(href && { href }) },
    { enabled: due && authorisationId !== undefined, staleTime: 0 },
  );
  const scaStatus = typeof read.data?.body.scaStatus === 'string' ? read.data.body.scaStatus : undefined;

  // A status that moved while the authorisation was still open: its end may have come with it.
  const { refetch } = read;
  const open = scaStatus !== undefined && !FINAL.has(scaStatus);
  useEffect(() => {
    if (open && status !== undefined) void refetch();
  }, [open, status, refetch]);

  const scaApproach = remembered?.scaApproach ?? approach ?? known?.approach;
  const reading =
    due && ((remembered === undefined && listed.isLoading) || (authorisationId !== undefined && read.isLoading));
  return {
    ...(scaStatus && { scaStatus }),
    ...(scaApproach && { scaApproach }),
    ...(step.kind === 'returned' && { returned: step.ok ? ('ok' as const) : ('nok' as const) }),
    reading,
  };
}
