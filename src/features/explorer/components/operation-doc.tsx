// What the 1.3.12 model knows of one operation: path variables, query parameters, request headers, the body's
// members, the answers with their statuses and headers, and the error codes the spec pairs with each error status.
import type * as z from 'zod/mini';
import { Panel, Table } from '../../../components/ui';
import {
  errorStatuses,
  messageCodesFor,
  operations,
  pathVariables,
  queryParameters,
  requestHeaderMeanings,
  requestHeaders,
  responseSchemaFor,
  type OperationName,
} from '../../../xs2a';
import { bodyDescription, requestBodyMembers } from '../model/schema-members';

/** A name of the spec; a long header name breaks after its hyphens, never inside a word. */
function Term({ children }: { children: string }) {
  const parts = children.split('-');
  return (
    <code className="font-mono text-xs break-words text-slate-900">
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              -<wbr />
            </>
          )}
        </span>
      ))}
    </code>
  );
}

function Required({ required }: { required: boolean }) {
  return required ? (
    <span className="text-xs font-semibold text-red-800">required</span>
  ) : (
    <span className="text-xs text-slate-600">optional</span>
  );
}

function MembersList({ members }: { members: { name: string; required: boolean }[] }) {
  if (members.length === 0) return <p className="text-sm text-slate-600">No members the model names.</p>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {members.map((member) => (
        <li key={member.name} className="text-sm">
          <Term>{member.name}</Term> <Required required={member.required} />
        </li>
      ))}
    </ul>
  );
}

function HeadersPart({ operation }: { operation: OperationName }) {
  const headers = requestHeaders[operation];
  const required = headers.filter((header) => header.required);
  return (
    <details className="rounded border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm">
        <span className="font-semibold">Request headers</span>: {headers.length}, required{' '}
        {required.map((header) => header.name).join(', ')}
      </summary>
      <Table
        caption={`Request headers of ${operation}`}
        columns={[
          { label: 'Header', className: 'px-3 py-1' },
          { label: 'In 1.3.12', className: 'px-3 py-1 max-sm:hidden' },
          { label: 'Carries', className: 'px-3 py-1' },
        ]}
      >
        {headers.map((header) => (
          <tr key={header.name} className="border-b border-slate-100 align-top last:border-0">
            {/* On a phone the requirement goes under the name, so the name and its meaning keep their width. */}
            <th scope="row" className="w-[45%] px-3 py-1 text-left font-normal sm:w-auto">
              <Term>{header.name}</Term>
              <span className="block sm:hidden">
                <Required required={header.required} />
              </span>
            </th>
            <td className="px-3 py-1 max-sm:hidden">
              <Required required={header.required} />
            </td>
            <td className="px-3 py-1 text-slate-700">{requestHeaderMeanings[header.name]}</td>
          </tr>
        ))}
      </Table>
    </details>
  );
}

function successSchema(operation: OperationName, status: number): z.ZodMiniType | undefined {
  try {
    return responseSchemaFor(operation, { status, paymentService: 'payments' });
  } catch {
    return undefined;
  }
}

function AnswersPart({ operation }: { operation: OperationName }) {
  const spec = operations[operation];
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">Answers</h3>
      <ul className="space-y-2">
        {spec.successStatus.map((status) => {
          const schema = successSchema(operation, status);
          return (
            <li key={status} className="space-y-1 rounded border border-green-200 bg-green-50 p-2">
              <p className="text-sm">
                <span className="font-mono font-semibold">{status}</span>{' '}
                {schema ? 'with a body of these members' : 'without a body'}; headers{' '}
                {spec.responseHeaders
                  .map((header) => `${header.name} (${header.presence.replace(/-/g, ' ')})`)
                  .join(', ')}
              </p>
              {schema && <MembersList members={bodyDescription(schema)} />}
              {operation === 'getPaymentInformation' && (
                <p className="text-xs text-slate-600">
                  The members shown are a single payment’s; they follow the payment service.
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <Table
        caption="Error statuses and the message codes 1.3.12 pairs with them"
        columns={[
          { label: 'Error status', className: 'py-1 pr-3' },
          { label: `Message codes of ${spec.area.toUpperCase()}`, className: 'py-1' },
        ]}
      >
        {errorStatuses.map((status) => {
          const codes = messageCodesFor(status, spec.area);
          return (
            <tr key={status} className="border-b border-slate-100 align-top last:border-0">
              <th scope="row" className="py-1 pr-3 text-left font-mono font-normal">
                {status}
              </th>
              <td className="py-1 font-mono text-xs break-words text-slate-800">
                {codes.length > 0 ? codes.join(', ') : <span className="font-sans text-slate-600">none named</span>}
              </td>
            </tr>
          );
        })}
      </Table>
    </div>
  );
}

export function OperationDoc({ operation }: { operation: OperationName }) {
  const spec = operations[operation];
  const variables = pathVariables(spec.path);
  const query = queryParameters[operation] ?? [];
  const kind = 'requestBody' in spec ? spec.requestBody : undefined;
  return (
    <Panel title="What 1.3.12 says" level={2}>
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-800">Path variables</h3>
        {variables.length > 0 ? (
          <MembersList members={variables.map((name) => ({ name, required: true }))} />
        ) : (
          <p className="text-sm text-slate-600">None.</p>
        )}
      </div>
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-800">Query parameters</h3>
        {query.length > 0 ? (
          <ul className="space-y-1">
            {query.map((parameter) => (
              <li key={parameter.name} className="text-sm">
                <Term>{parameter.name}</Term> <Required required={parameter.required} />
                {parameter.values && <span className="text-xs text-slate-700"> · {parameter.values.join(' | ')}</span>}
                {parameter.format && <span className="text-xs text-slate-700"> · {parameter.format}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">None.</p>
        )}
      </div>
      <HeadersPart operation={operation} />
      <div className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-800">Request body</h3>
        {kind ? <MembersList members={requestBodyMembers(kind)} /> : <p className="text-sm text-slate-600">None.</p>}
      </div>
      <AnswersPart operation={operation} />
    </Panel>
  );
}
