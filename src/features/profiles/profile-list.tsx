// The bank profiles of this browser with their actions; the built-in sandbox comes first and cannot be deleted.
import { useEffect, useId, useState } from 'react';
import {
  profileStore,
  sessionTokens,
  useActiveProfile,
  useProfiles,
  useSessionTokens,
  type BankProfile,
} from '../../api';
import { Badge, Button } from '../../components/ui';
import { ConnectionCheck } from './connection-check-button';

/** The headers a profile adds to every request, in short. */
function headerSummary(profile: BankProfile): string[] {
  const { psuHeaders, sca } = profile;
  const parts: string[] = [];
  if (psuHeaders.psuId) parts.push(`PSU-ID ${psuHeaders.psuId}`);
  if (psuHeaders.psuCorporateId) parts.push(`PSU-Corporate-ID ${psuHeaders.psuCorporateId}`);
  if (psuHeaders.psuIpAddress) parts.push(`PSU-IP-Address ${psuHeaders.psuIpAddress}`);
  if (sca.redirectPreferred !== undefined) parts.push(`TPP-Redirect-Preferred ${sca.redirectPreferred}`);
  if (sca.decoupledPreferred !== undefined) parts.push(`TPP-Decoupled-Preferred ${sca.decoupledPreferred}`);
  if (sca.explicitAuthorisationPreferred !== undefined) {
    parts.push(`TPP-Explicit-Authorisation-Preferred ${sca.explicitAuthorisationPreferred}`);
  }
  if (profile.bearerToken) {
    parts.push(`bearer token set (${profile.rememberToken ? 'remembered in this browser' : 'this tab only'})`);
  }
  if (profile.relayTarget) parts.push(`via relay ${profile.relayTarget}`);
  if (profile.oauthClientId) parts.push(`OAuth client_id ${profile.oauthClientId}`);
  if (profile.timeoutSeconds !== undefined) parts.push(`request timeout ${profile.timeoutSeconds} s`);
  return parts;
}

/** The time now, refreshed every half minute, so that an expiry shown on screen turns into "expired" on its own. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function clockTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The OAuth access tokens this tab holds for the profile, with their expiry and a way to drop each. */
function SessionTokens({ profile }: { profile: BankProfile }) {
  const tokens = useSessionTokens(profile.id);
  const now = useNow();
  if (tokens.length === 0) return null;
  return (
    <ul aria-label={`Session tokens of ${profile.name}`} className="space-y-1 text-sm">
      {tokens.map((token) => {
        const valid = token.expiresAt > now;
        return (
          <li key={token.scope} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>
              OAuth session token for <code className="font-mono text-xs">{token.scope}</code>:{' '}
              {valid ? (
                <>
                  held until{' '}
                  <time dateTime={new Date(token.expiresAt).toISOString()}>{clockTime(token.expiresAt)}</time>, sent as
                  Authorization: Bearer
                  {profile.bearerToken ? ' instead of the profile’s bearer token' : ''}
                </>
              ) : (
                <>
                  expired at{' '}
                  <time dateTime={new Date(token.expiresAt).toISOString()}>{clockTime(token.expiresAt)}</time>, no
                  longer sent
                </>
              )}
            </span>
            <Button size="sm" variant="ghost" onClick={() => sessionTokens.forget(profile.id, token.scope)}>
              Forget token<span className="sr-only"> for {token.scope}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function ProfileItem({
  profile,
  active,
  onEdit,
  onDuplicate,
  onDeleted,
}: {
  profile: BankProfile;
  active: boolean;
  onEdit: (profile: BankProfile) => void;
  onDuplicate: (profile: BankProfile) => void;
  onDeleted: (profile: BankProfile) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const summary = headerSummary(profile);
  return (
    <li aria-labelledby={headingId} className="space-y-2 rounded border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {profile.name}
        </h3>
        {active && <Badge tone="success">Active</Badge>}
        {profile.builtIn && <Badge tone="info">Built-in</Badge>}
      </div>
      <p className="text-sm break-all">
        <span className="text-slate-600">base_url </span>
        <code className="font-mono text-slate-900">{profile.baseUrl}</code>
      </p>
      {summary.length > 0 && <p className="text-xs text-slate-600">{summary.join(' · ')}</p>}
      <SessionTokens profile={profile} />
      <div className="flex flex-wrap items-center gap-2">
        {!active && (
          <Button size="sm" variant="primary" onClick={() => profileStore.setActive(profile.id)}>
            Make active<span className="sr-only">: {profile.name}</span>
          </Button>
        )}
        <Button size="sm" onClick={() => onEdit(profile)}>
          Edit<span className="sr-only"> {profile.name}</span>
        </Button>
        <Button size="sm" onClick={() => onDuplicate(profile)}>
          Duplicate<span className="sr-only"> {profile.name}</span>
        </Button>
        {profile.builtIn ? (
          <span className="text-xs text-slate-600">Built-in: cannot be deleted</span>
        ) : (
          !confirming && (
            <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
              Delete<span className="sr-only"> {profile.name}</span>
            </Button>
          )
        )}
      </div>
      {confirming && (
        <div role="group" aria-label="Confirm deletion" className="flex flex-wrap items-center gap-2 text-sm">
          <span>Delete “{profile.name}”? This cannot be undone.</span>
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              profileStore.remove(profile.id);
              onDeleted(profile);
            }}
          >
            Delete profile
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      )}
      <ConnectionCheck profile={profile} />
    </li>
  );
}

export function ProfileList(props: {
  onEdit: (profile: BankProfile) => void;
  onDuplicate: (profile: BankProfile) => void;
  onDeleted: (profile: BankProfile) => void;
}) {
  const profiles = useProfiles();
  const active = useActiveProfile();
  return (
    <ul aria-label="Bank profiles" className="space-y-3">
      {profiles.map((profile) => (
        <ProfileItem key={profile.id} profile={profile} active={profile.id === active.id} {...props} />
      ))}
    </ul>
  );
}
