// The request body schemas of the operations that take a JSON body checked by a schema (payments by service,
// consents, funds confirmations, signing baskets). Apart from ./operations, so that checking a bank's answers loads none of the request schemas (nor the
// IBAN country table their account references are checked with).
import type * as z from 'zod/mini';
import { Consents } from './consents';
import type { PaymentService } from './enums';
import { ConfirmationOfFunds } from './funds-confirmations';
import { operations, type OperationName, type OperationSpec } from './operations';
import { paymentBodySchemaFor } from './payments';
import { SigningBasket } from './signing-baskets';

/** The request body schema for JSON-schema-validated operations (payments by service, consents, funds confirmations, baskets). */
export function requestSchemaFor(name: OperationName, paymentService?: PaymentService): z.ZodMiniType | undefined {
  const op: OperationSpec = operations[name];
  if (op.requestBody === 'consents') return Consents;
  if (op.requestBody === 'confirmationOfFunds') return ConfirmationOfFunds;
  if (op.requestBody === 'signingBasket') return SigningBasket;
  if (op.requestBody === 'payment') {
    if (paymentService === undefined) throw new Error(`${name}: paymentService is needed to pick the schema`);
    return paymentBodySchemaFor(paymentService);
  }
  return undefined; // authorisation bodies: use parseStartAuthorisationBody / parseUpdatePsuDataBody
}
