// What a sandbox instance can be told: where it lives, how it authenticates PSUs, how fast time moves for its payments.
import type { X509Certificate } from 'node:crypto';
import type { ScaApproach } from '../../src/xs2a';
import { defaultAdminConfig, type AdminConfig } from './admin/admin-config';
import type { DeviationMode } from './deviations/modes';
import type { BankBehaviour } from './rules/behaviour';

/** Strict mode: the XS2A routes demand a TLS client certificate (QWAC) and signed requests, as real banks do. */
export interface StrictConfig {
  /** CAs whose certificates the bank accepts, for the TLS client certificate and the signing certificate alike. */
  trustedCas: X509Certificate[];
  /** How far a signed request's Date header may be from the bank's clock. */
  clockSkewSeconds?: number;
}

/** How the PSU is sent to the bank for redirect SCA: the bank's own page (scaRedirect) or OAuth 2.0 (scaOAuth). */
export type ScaRedirectMode = 'page' | 'oauth';

export interface SandboxConfig extends BankBehaviour {
  /** The fixed path prefix a bank's base_url carries, e.g. `/sandbox`; empty for none. */
  prefix: string;
  /** SCA approach when the TPP states no preference. */
  defaultScaApproach: ScaApproach;
  /** How long an accepted (ACTC) payment takes to settle (ACSC). */
  settlementDelayMs: number;
  /** When set, a decoupled authorisation approves itself after this long; otherwise the PSU approves in the banking app. */
  decoupledAutoApproveMs: number | null;
  /** Wrong OTPs allowed before an authorisation fails. */
  maxOtpAttempts: number;
  /** Longest consent validity granted; later validUntil dates are shortened to it. */
  maxConsentDays: number;
  /** Default and largest page of transactions. */
  transactionsPageSize: number;
  maxTransactionsPageSize: number;
  /** Largest request body of an XS2A call, in bytes; a larger one is refused (413) before more of it is read. */
  maxBodyBytes: number;
  /** Largest body of the PSU pages' form posts and the OAuth token request, in bytes; likewise refused while read. */
  maxFormBodyBytes: number;
  /** Mutual TLS and signature checks on the XS2A routes; null accepts any caller (the default). */
  strict: StrictConfig | null;
  /** The link redirect SCA gives: `scaRedirect` to the bank's page, or `scaOAuth` to its OAuth server's metadata. */
  scaRedirect: ScaRedirectMode;
  /** How long a payment may wait for its initiation SCA; a payment still RCVD after this reads as RJCT. */
  unauthorisedPaymentExpiryMs: number;
  /** Lifetimes of OAuth authorisation codes and access tokens, by the sandbox clock. */
  oauthCodeTtlMs: number;
  oauthTokenTtlMs: number;
  /**
   * Deviation modes of the normal base: habits of real banks the sandbox plays on every answer they touch. Whatever this
   * says, `{prefix}/deviating/<mode>[+<mode>…]` plays the modes it names as a second base over the same data.
   */
  deviations: DeviationMode[];
  /** How long the `slow` mode delays every answer. */
  slowMs: number;
  /** `_links` carry the bank's origin (absolute URLs) instead of paths. */
  absoluteLinks: boolean;
  /** The admin API (`{prefix}/admin`): on unless strict, and its token. */
  admin: AdminConfig;
  /**
   * Origins whose pages may call the bank from a browser (CORS), besides its own origin and the loopback origins
   * (http and https on localhost, 127.0.0.1 and [::1], any port); `*` allows every origin. Never the admin API.
   */
  corsOrigins: readonly string[];
}

export const defaultSandboxConfig: SandboxConfig = {
  prefix: '/sandbox',
  defaultScaApproach: 'REDIRECT',
  settlementDelayMs: 30_000,
  decoupledAutoApproveMs: null,
  maxOtpAttempts: 3,
  maxConsentDays: 180,
  transactionsPageSize: 100,
  maxTransactionsPageSize: 10_000,
  maxBodyBytes: 256 * 1024,
  maxFormBodyBytes: 64 * 1024,
  strict: null,
  scaRedirect: 'page',
  unauthorisedPaymentExpiryMs: 24 * 60 * 60_000,
  oauthCodeTtlMs: 10 * 60_000,
  oauthTokenTtlMs: 60 * 60_000,
  deviations: [],
  slowMs: 1_500,
  admin: defaultAdminConfig,
  corsOrigins: [],
  scaApproaches: ['REDIRECT', 'EMBEDDED', 'DECOUPLED'],
  authorisationStart: 'tpp-choice',
  psuIdRequired: false,
  bankOfferedConsents: true,
  maxFrequencyPerDay: null,
  absoluteLinks: false,
};

export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '' || trimmed === '/') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
