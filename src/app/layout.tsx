// The console's frame: header with the bank profile choice, section navigation, and the page outlet.
import { NavLink, useLocation } from 'react-router-dom';
import { useActiveProfile, useAdminOffered, useExchanges } from '../api';
import { cx, ErrorBoundary } from '../components/ui';
import { ActiveConsentIndicator } from '../features/consents';
import { LogRoomLink } from '../features/inspector';
import { ProfileSwitcher } from '../features/profiles';
import { BankTimeBadge } from './bank-time-badge';
import { PageFrame } from './page-frame';
import { PresenterSwitch } from './presenter-switch';

const sections = [
  { to: '/', label: 'Home' },
  { to: '/payments', label: 'Payments' },
  { to: '/consents', label: 'Consents' },
  { to: '/baskets', label: 'Baskets' },
  { to: '/accounts', label: 'Accounts' },
  { to: '/explore', label: 'Explore' },
  { to: '/inspector', label: 'Inspector' },
  // Only when the active profile's bank offers the sandbox admin API.
  { to: '/test-bench', label: 'Sandbox' },
  { to: '/replay', label: 'Replays' },
  { to: '/settings', label: 'Settings' },
] as const;

function ExchangeCount() {
  const count = useExchanges().length;
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-slate-200 px-1.5 font-mono text-xs text-slate-800 md:ml-2">
      {count}
      <span className="sr-only"> exchanges</span>
    </span>
  );
}

/** The sections to offer: the Sandbox page only for a bank whose admin API was found. */
function useSections() {
  const adminOffered = useAdminOffered(useActiveProfile());
  return sections.filter(({ to }) => to !== '/test-bench' || adminOffered);
}

export function Layout() {
  const { pathname } = useLocation();
  const shown = useSections();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-3 py-2 md:px-6">
        <NavLink
          to="/"
          className="rounded text-lg font-semibold text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          XS2A Console
        </NavLink>
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
          <BankTimeBadge />
          <ActiveConsentIndicator />
          <ProfileSwitcher />
          <PresenterSwitch />
        </div>
      </header>
      <div className="flex-1 md:flex">
        <nav
          aria-label="Console sections"
          className="border-b border-slate-200 bg-white px-2 py-1 md:w-44 md:shrink-0 md:border-r md:border-b-0 md:p-3"
        >
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {shown.map(({ to, label }) => (
              <li key={to} className={to === '/inspector' ? 'flex flex-wrap items-center gap-1 md:block' : undefined}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  className={({ isActive }) =>
                    cx(
                      'flex items-center rounded px-2 py-1.5 text-sm md:px-3 md:py-2',
                      'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
                      isActive ? 'bg-blue-100 font-medium text-blue-900' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {label}
                  {to === '/inspector' && <ExchangeCount />}
                </NavLink>
                {/* Before the log drops flows to make room, and after: a few words that lead to the inspector. */}
                {to === '/inspector' && <LogRoomLink />}
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-3 focus:outline-none md:p-6">
          {/* A new page gets a fresh chance after a failure in the previous one. */}
          <ErrorBoundary what="this page" resetKeys={[pathname]}>
            <PageFrame />
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
