// The console's frame: header with the active bank profile, section navigation, and the page outlet.
import { NavLink, Outlet } from 'react-router-dom';

// Until the profiles feature lands, the console always talks to the embedded sandbox.
const activeProfileName = 'Embedded sandbox';

const sections = [
  { to: '/', label: 'Home' },
  { to: '/payments', label: 'Payments' },
  { to: '/consents', label: 'Consents' },
  { to: '/accounts', label: 'Accounts' },
  { to: '/inspector', label: 'Inspector' },
  { to: '/settings', label: 'Settings' },
] as const;

export function Layout() {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3">
        <NavLink to="/" className="text-lg font-semibold text-blue-900">
          XS2A Console
        </NavLink>
        <p className="text-sm text-slate-600">
          Bank profile: <span className="font-medium text-slate-900">{activeProfileName}</span>
        </p>
      </header>
      <div className="flex">
        <nav aria-label="Console sections" className="w-48 shrink-0 border-r border-slate-200 bg-white p-3">
          <ul className="space-y-1">
            {sections.map(({ to, label }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 text-sm ${isActive ? 'bg-blue-100 font-medium text-blue-900' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-6 focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
