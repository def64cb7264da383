// What the explorer marks before sending: the refusals a 1.3.12 bank should answer, and notes that block nothing.
import { describe, expect, it } from 'vitest';
import { draftFindings } from './refusals';
import type { RequestDraft } from './request-draft';

let id = 0;
const rows = (entries: Record<string, string>) =>
  Object.entries(entries).map(([name, value]) => ({ id: `r${(id += 1)}`, name, value }));

function draft(change: Partial<RequestDraft> & Pick<RequestDraft, 'operation'>): RequestDraft {
  return {
    pathValues: {},
    query: [],
    headers: rows({ 'X-Request-ID': '5b3ab8e8-0fd5-43d2-946e-d75958b172e7', 'PSU-IP-Address': '192.168.0.10' }),
    bodyText: '',
    sendProfileToken: false,
    ...change,
  };
}

const at = (findings: ReturnType<typeof draftFindings>) => findings.map((finding) => `${finding.level} ${finding.at}`);

describe('draftFindings', () => {
  it('finds nothing in a well-formed consent request', () => {
    const body = JSON.stringify({
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: false,
      validUntil: '2099-01-01',
      frequencyPerDay: 1,
      combinedServiceIndicator: false,
    });
    expect(draftFindings(draft({ operation: 'createConsent', bodyText: body }))).toEqual([]);
  });

  it('marks a removed required header, a malformed one and a header the operation does not take', () => {
    const findings = draftFindings(
      draft({
        operation: 'getAccountList',
        headers: rows({ 'X-Request-ID': 'not-a-uuid', 'PSU-IP-Address': '999.1.1.1', 'TPP-Redirect-URI': 'https://x' }),
      }),
    );
    expect(at(findings)).toEqual([
      'refuse header:consent-id',
      'refuse header:x-request-id',
      'refuse header:psu-ip-address',
      'note header:tpp-redirect-uri',
    ]);
  });

  it('marks a body that is no JSON, one the schema refuses, and a body where the operation takes none', () => {
    expect(at(draftFindings(draft({ operation: 'createConsent', bodyText: '{ nope' })))).toEqual(['refuse body']);
    expect(at(draftFindings(draft({ operation: 'createConsent', bodyText: '{}' }))).length).toBeGreaterThan(0);
    expect(
      at(draftFindings(draft({ operation: 'getConsentStatus', pathValues: { consentId: 'c' }, bodyText: '{}' }))),
    ).toEqual(['refuse body']);
  });

  it('asks for dateFrom on a transaction list unless a delta or information is asked for', () => {
    const list = (query: Record<string, string>) =>
      at(
        draftFindings(
          draft({
            operation: 'getTransactionList',
            pathValues: { 'account-id': 'a' },
            query: rows(query),
            headers: rows({ 'X-Request-ID': '5b3ab8e8-0fd5-43d2-946e-d75958b172e7', 'Consent-ID': 'c' }),
          }),
        ),
      );
    expect(list({ bookingStatus: 'booked' })).toEqual(['refuse query:dateFrom']);
    expect(list({ bookingStatus: 'booked', deltaList: 'true' })).toEqual([]);
    expect(list({ bookingStatus: 'information' })).toEqual([]);
    expect(list({ bookingStatus: 'sometimes', dateFrom: '2026-01-01' })).toEqual(['refuse query:bookingStatus']);
  });
});
