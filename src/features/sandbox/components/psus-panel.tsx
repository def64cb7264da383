// The sandbox's test PSUs with their accounts and IBANs, and the password they log in with.
import { useBankDataDisplay, type SandboxPsus } from '../../../api';
import { LoadingText, Panel, Table } from '../../../components/ui';
import { AdminError } from './admin-error';

export function PsusPanel({ psus }: { psus: { data?: SandboxPsus; error: unknown; isPending: boolean } }) {
  // Presenter mode: the PSUs' names and IBANs are masked like every other bank data.
  const display = useBankDataDisplay();
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
                  <td className="py-1.5 pr-3">{display.person(psu.name)}</td>
                  <td className="py-1.5">
                    <ul>
                      {psu.accounts.map((account) => (
                        <li key={account.resourceId}>
                          <span className="font-mono break-all">{display.account(account.iban)}</span>{' '}
                          {account.currency} · {display.accountName(account.name)}
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
