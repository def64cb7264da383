// Strict mode: what a real bank checks before it looks at an XS2A request: the TLS client certificate (QWAC) the
// connection was made with, and the request's signature (Digest, Signature, TPP-Signature-Certificate) over its exact
// bytes. Loaded only when strict mode is on, so a plain sandbox never loads the signature library.
import type { X509Certificate } from 'node:crypto';
import type { Context, Input } from 'hono';
import { checkCertificate, verifySignedRequest } from '../../signing/xs2a-signature';
import type { Clock } from '../clock';
import type { StrictConfig } from '../config';
import { BankError } from '../rules/bank-error';
import { readRawBody, type Env } from './respond';

const unauthorised = (code: ConstructorParameters<typeof BankError>[0], text: string) =>
  new BankError(code, text, { status: 401 });

export class StrictChecks {
  constructor(
    private readonly config: StrictConfig,
    private readonly clock: Clock,
  ) {}

  /** Whether the connection's client certificate is present, issued by a trusted CA and valid now. */
  clientCertificate(certificate: X509Certificate | null | undefined): BankError | undefined {
    if (!certificate) {
      return unauthorised(
        'CERTIFICATE_MISSING',
        'This bank requires a TLS client certificate (QWAC), but the connection presented none.',
      );
    }
    const problem = checkCertificate(
      certificate,
      this.config.trustedCas,
      this.clock.now(),
      'TLS client certificate (QWAC)',
    );
    return problem ? unauthorised(problem.code, problem.text) : undefined;
  }

  /**
   * Whether the request is signed with a trusted certificate over its exact headers and body. The body was limited by
   * app.ts's body limit before this reads it.
   */
  async signature<P extends string, I extends Input>(c: Context<Env, P, I>): Promise<BankError | undefined> {
    const body = await readRawBody(c);
    const url = new URL(c.req.url);
    const problem = verifySignedRequest(
      { method: c.req.method, path: `${url.pathname}${url.search}`, headers: c.req.raw.headers, body },
      {
        trusted: this.config.trustedCas,
        now: this.clock.now(),
        ...(this.config.clockSkewSeconds !== undefined ? { clockSkewSeconds: this.config.clockSkewSeconds } : {}),
      },
    );
    return problem ? unauthorised(problem.code, problem.text) : undefined;
  }
}
