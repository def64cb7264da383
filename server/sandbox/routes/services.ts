// What the routes work with: the configuration and the domain services app.ts builds.
import type { SandboxConfig } from '../config';
import type { AccountService } from '../domain/accounts';
import type { CardAccountService } from '../domain/card-accounts';
import type { ConsentService } from '../domain/consents';
import type { FundsConfirmations } from '../domain/funds-confirmations';
import type { OAuthService } from '../domain/oauth';
import type { Payments } from '../domain/payments';
import type { ScaEngine } from '../domain/sca';
import type { SigningBaskets } from '../domain/signing-baskets';
import type { StrictChecks } from '../http/strict';

export interface Services {
  config: SandboxConfig;
  sca: ScaEngine;
  payments: Payments;
  consents: ConsentService;
  accounts: AccountService;
  cardAccounts: CardAccountService;
  funds: FundsConfirmations;
  baskets: SigningBaskets;
  oauth: OAuthService;
  /** Present in strict mode. */
  strict: StrictChecks | undefined;
}
