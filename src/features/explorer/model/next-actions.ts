// The `_links` of an answer as next actions: each link that names an operation of 1.3.12 opens it in the explorer with
// the link's path variables; the others (the bank's SCA page, OAuth) are shown as they are.
import { readLinks } from '../../../api';
import { matchOperation, type OperationName } from '../../../xs2a';

export interface NextAction {
  name: string;
  href: string;
  /** The operation the link starts, where one matches. */
  operation?: OperationName;
}

/** The method a link is followed with, by its 1.3.12 name: starting an authorisation posts, an SCA step puts. */
function methodOf(name: string): 'GET' | 'POST' | 'PUT' {
  if (/^start/i.test(name)) return 'POST';
  if (/^(update|select|authorise|confirmation)/i.test(name)) return 'PUT';
  return 'GET';
}

export function nextActions(body: unknown): NextAction[] {
  const links = typeof body === 'object' && body !== null ? (body as { _links?: unknown })._links : undefined;
  return Object.entries(readLinks(links).links).map(([name, { href }]) => {
    let pathname = href;
    try {
      pathname = new URL(href, 'http://bank.invalid').pathname;
    } catch {
      // not a URL: matched as it is
    }
    const match = matchOperation(methodOf(name), pathname);
    return { name, href, ...(match && { operation: match.name }) };
  });
}

/** The path variables of `href` when it is a path of `operation`. */
export function pathValuesOfHref(operation: OperationName, method: string, href: string): Record<string, string> {
  try {
    const match = matchOperation(method, new URL(href, 'http://bank.invalid').pathname);
    return match?.name === operation ? match.params : {};
  } catch {
    return {};
  }
}
