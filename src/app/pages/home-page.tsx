// The console's start page: what it is, which bank it talks to, and where to begin.
import { Link } from 'react-router-dom';
import { useActiveProfile } from '../../api';
import { Badge, Panel, DocumentTitle } from '../../components/ui';

const linkClass =
  'font-medium text-blue-800 underline hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 rounded';

const startingPoints = [
  { to: '/payments', label: 'Create a payment', text: 'Initiate a SEPA credit transfer and authorise it with SCA.' },
  { to: '/consents', label: 'Create a consent', text: 'Ask for access to accounts, balances and transactions.' },
  { to: '/inspector', label: 'Open the inspector', text: 'See every request and response, copy as curl, export HAR.' },
] as const;

export function HomePage() {
  const profile = useActiveProfile();
  return (
    <article className="max-w-3xl space-y-6">
      <DocumentTitle>XS2A Console</DocumentTitle>
      <h1 className="text-2xl font-semibold">XS2A Console</h1>
      <p>
        A developer console for banks&apos; Berlin Group NextGenPSD2 XS2A 1.3.12 interfaces: payment initiation (PIS)
        and account information (AIS). Explore a bank&apos;s API, walk through payment and consent flows with their SCA,
        and see every request and response.
      </p>

      <Panel title="Active bank profile">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{profile.name}</span>
          {profile.builtIn && <Badge tone="info">Built-in</Badge>}
        </p>
        <p className="text-sm">
          base_url: <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono break-all">{profile.baseUrl}</code>
        </p>
        {profile.builtIn ? (
          <p className="text-sm text-slate-600">
            The embedded sandbox bank implements the same interface. Test PSUs alice, bob, carol and dave log in with
            the password <code className="font-mono">sandbox</code> and the one-time password{' '}
            <code className="font-mono">123456</code> (see README).
          </p>
        ) : null}
        <p className="text-sm">
          <Link to="/settings" className={linkClass}>
            Manage bank profiles
          </Link>
        </p>
      </Panel>

      <section aria-labelledby="start-heading" className="space-y-2">
        <h2 id="start-heading" className="text-lg font-semibold">
          Start here
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {startingPoints.map((point) => (
            <li key={point.to} className="rounded border border-slate-200 bg-white p-3">
              <Link to={point.to} className={linkClass}>
                {point.label}
              </Link>
              <p className="mt-1 text-sm text-slate-600">{point.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
