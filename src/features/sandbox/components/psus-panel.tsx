// The sandbox's test PSUs with their accounts and IBANs, and the password they log in with.
import type { SandboxPsus } from '../../../api';
import { LoadingText, Panel, Table } from '../../../components/ui';
import { AdminError } from './admin-error';

export function PsusPanel({ psus }: { psus: { data?: SandboxPsus; error: unknown; isPending: boolean } }) {
  return (
    <Panel title="Test PSUs" description="GET {base_url}/admin/psus: every PSU of the bank with its accounts.">
      {psus.isPending && <LoadingText>Reading the PSUs…</LoadingText>}
      <AdminError error={psus.error} alert={false} />
      {psus.data && (
        <>
          <p className="text-sm text-slate-700">
            Every test PSU logs in with the password <code className="font-mono">{psus.data.password}</code>.
          </p>
          <div className="overflow-x-auto">
            <Table
              caption="Test PSUs and their accounts"
              columns={[{ label: 'PSU-ID' }, { label: 'Name' }, { label: 'Accounts', className: 'py-1 font-medium' }]}
              className="w-full text-left text-sm"
              headClassName="border-b border-slate-200 text-slate-700"
            >
              {psus.data.psus.map((psu) => (
                <tr key={psu.psuId} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-1.5 pr-3 font-mono font-normal">
                    {psu.psuId}
                  </th>
                  <td className="py-1.5 pr-3">{psu.name}</td>
                  <td className="py-1.5">
                    <ul>
                      {psu.accounts.map((account) => (
                        <li key={account.resourceId}>
                          <span className="font-mono break-all">{account.iban}</span> {account.currency} ·{' '}
                          {account.name}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        </>
      )}
    </Panel>
  );
}
