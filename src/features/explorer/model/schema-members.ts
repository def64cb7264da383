// The top-level members of a 1.3.12 body as its zod schema in src/xs2a defines them, each required or optional.
import * as z from 'zod/mini';
import {
  AuthorisationConfirmation,
  ConfirmationOfFunds,
  Consents,
  PaymentInitiationJson,
  SelectPsuAuthenticationMethod,
  TransactionAuthorisation,
  UpdatePsuAuthentication,
  type RequestBodyKind,
} from '../../../xs2a';

export interface Member {
  name: string;
  required: boolean;
}

function objectMembers(schema: z.ZodMiniObject): Member[] {
  return Object.entries(schema.shape).map(([name, member]) => ({
    name,
    required: !z.safeParse(member, undefined).success,
  }));
}

/** An object's members; a union's are every branch's, required only where each branch requires them. */
export function bodyDescription(schema: z.core.$ZodType): Member[] {
  if (schema instanceof z.ZodMiniObject) return objectMembers(schema);
  if (schema instanceof z.ZodMiniUnion) {
    const branches = schema._zod.def.options.map(bodyDescription);
    const names = [...new Set(branches.flat().map((member) => member.name))];
    return names.map((name) => ({
      name,
      required: branches.every((members) => members.some((member) => member.name === name && member.required)),
    }));
  }
  return [];
}

/** The body members of a kind of request; the authorisation bodies carry one of their members (or none). */
export function requestBodyMembers(kind: RequestBodyKind): Member[] {
  if (kind === 'payment') return bodyDescription(PaymentInitiationJson);
  if (kind === 'consents') return bodyDescription(Consents);
  if (kind === 'confirmationOfFunds') return bodyDescription(ConfirmationOfFunds);
  const steps: z.ZodMiniType[] = [UpdatePsuAuthentication, SelectPsuAuthenticationMethod, TransactionAuthorisation];
  if (kind === 'updatePsuData') steps.push(AuthorisationConfirmation);
  // One of them per request: none is required on its own.
  return steps.flatMap(bodyDescription).map((member) => ({ ...member, required: false }));
}
