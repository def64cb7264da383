// The accounts area's two lists: payment accounts (/v1/accounts) and card accounts (/v1/card-accounts).
import { NavLink } from 'react-router-dom';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-t border-b-2 px-3 py-1.5 text-sm font-medium ${
    isActive ? 'border-blue-700 text-blue-900' : 'border-transparent text-slate-700 hover:text-slate-900'
  }`;

export function AccountsTabs() {
  return (
    <nav aria-label="Account kinds" className="flex gap-1 border-b border-slate-200">
      <NavLink to="/accounts" end className={tabClass}>
        Accounts
      </NavLink>
      <NavLink to="/accounts/cards" end className={tabClass}>
        Card accounts
      </NavLink>
    </nav>
  );
}
