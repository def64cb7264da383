// The header's bank profile choice: every request goes to the active profile's bank.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { profileStore, useActiveProfile, useProfiles } from '../../api';
import { Select } from '../../components/ui';

export function ProfileSwitcher() {
  const profiles = useProfiles();
  const active = useActiveProfile();
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-slate-600">
        Bank profile
      </label>
      <Select
        id={id}
        value={active.id}
        onChange={(event) => profileStore.setActive(event.target.value)}
        className="w-auto max-w-[12rem] min-w-0 py-1 sm:max-w-[18rem]"
      >
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </Select>
      <Link
        to="/settings"
        className="shrink-0 rounded text-sm text-blue-800 underline hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        Manage<span className="sr-only"> bank profiles</span>
      </Link>
    </div>
  );
}
