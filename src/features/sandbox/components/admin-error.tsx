// An admin call that failed, in plain words: the sandbox's refusal, or why no answer came.
import { describeAdminError } from '../../../api';
import { ErrorCallout } from '../../../components/ui';

export function AdminError({ error, alert = true }: { error: unknown; alert?: boolean }) {
  if (!error) return null;
  return <ErrorCallout alert={alert} {...describeAdminError(error)} />;
}

/** The first error of a few mutations, for one callout under a panel's buttons. */
export function firstError(...mutations: { error: unknown }[]): unknown {
  return mutations.find((mutation) => mutation.error)?.error;
}
