// The one-time password step: what the bank says about the challenge, and the OTP field.
import { Field, TextInput } from '../../../components/ui';
import type { AuthenticationObject, ChallengeData } from '../../../xs2a/sca';
import { methodTypeName } from './method-step';
import type { StepInput } from '../step-requests';
import { StepForm, useRequiredField, type StepFormProps } from './step-form';

/** What the bank tells the PSU about the challenge: method, instructions (which the TPP must show), image, data. */
export function ChallengeDetails({
  challenge,
  method,
}: {
  challenge: ChallengeData | undefined;
  method: AuthenticationObject | undefined;
}) {
  if (!challenge && !method) return null;
  return (
    <div className="space-y-2 rounded border border-blue-200 bg-blue-50 p-3 text-sm text-slate-900">
      {method && (
        <p>
          <span className="font-medium">Method:</span> {method.name ?? method.authenticationMethodId}{' '}
          <span className="text-slate-600">({methodTypeName(method)})</span>
        </p>
      )}
      {challenge?.additionalInformation && (
        <p>
          <span className="font-medium">From the bank:</span> {challenge.additionalInformation}
        </p>
      )}
      {challenge?.data && challenge.data.length > 0 && (
        <ul className="list-inside list-disc font-mono">
          {challenge.data.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {challenge?.image && (
        <img
          src={`data:image/png;base64,${challenge.image}`}
          alt="The bank's challenge (scan it with the PSU's device)"
          className="max-h-64 rounded border border-slate-300 bg-white"
        />
      )}
      {challenge?.imageLink && (
        <p>
          <a href={challenge.imageLink} target="_blank" rel="noreferrer" className="text-blue-800 underline">
            Open the challenge image
          </a>
        </p>
      )}
    </div>
  );
}

function otpHint(challenge: ChallengeData | undefined): string {
  const parts: string[] = [];
  if (challenge?.otpFormat === 'integer') parts.push('Digits only');
  if (challenge?.otpFormat === 'characters') parts.push('Letters and digits');
  if (challenge?.otpMaxLength) parts.push(`at most ${challenge.otpMaxLength} characters`);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'The code the PSU received for this authorisation.';
}

export function OtpForm({ challenge, ...form }: StepFormProps & { challenge: ChallengeData | undefined }) {
  const otp = useRequiredField({ missing: 'Enter the one-time password.', rejected: form.rejected });
  const read = (): StepInput | undefined => {
    const value = otp.check();
    return value ? { kind: 'authoriseTransaction', otp: value } : undefined;
  };
  return (
    <StepForm {...form} read={read}>
      <Field label="One-time password" hint={otpHint(challenge)} error={otp.error}>
        <TextInput
          {...otp.inputProps}
          type="password"
          name="otp"
          autoComplete="one-time-code"
          inputMode={challenge?.otpFormat === 'integer' ? 'numeric' : undefined}
          maxLength={challenge?.otpMaxLength}
          className="max-w-48 font-mono"
        />
      </Field>
    </StepForm>
  );
}

/** The OTP step: the challenge as the bank describes it, above the form. */
export function OtpStep({
  method,
  ...form
}: StepFormProps & { challenge: ChallengeData | undefined; method: AuthenticationObject | undefined }) {
  return (
    <div className="space-y-3">
      <ChallengeDetails challenge={form.challenge} method={method} />
      <OtpForm {...form} />
    </div>
  );
}
