// The one-time password step: what the bank says about the challenge, and the OTP field. The challenge is read
// tolerantly (readChallengeData): whatever its shape, what can be understood is shown and each deviation named.
import { DeviationNote, Field, TextInput } from '../../../components/ui';
import { readChallengeData, type ChallengeReading } from '../../../xs2a/readers';
import type { AuthenticationObject } from '../../../xs2a/sca';
import { methodTypeName } from './method-step';
import type { StepInput } from '../step-requests';
import { StepForm, useRequiredField, type StepFormProps } from './step-form';

/** What the bank tells the PSU about the challenge: method, instructions (which the TPP must show), image, data. */
export function ChallengeDetails({
  challenge,
  method,
}: {
  challenge: ChallengeReading | undefined;
  method: AuthenticationObject | undefined;
}) {
  if (!challenge && !method) return null;
  return (
    <div className="space-y-2">
      <ChallengeBox challenge={challenge} method={method} />
      {challenge?.deviations.map((deviation) => (
        <DeviationNote key={deviation.path + deviation.message} path={deviation.path} words={deviation.message} />
      ))}
    </div>
  );
}

function ChallengeBox({
  challenge,
  method,
}: {
  challenge: ChallengeReading | undefined;
  method: AuthenticationObject | undefined;
}) {
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
      {challenge && challenge.lines.length > 0 && (
        <ul className="list-inside list-disc font-mono break-words">
          {challenge.lines.map((line, index) => (
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

function otpHint(challenge: ChallengeReading | undefined): string {
  const parts: string[] = [];
  if (challenge?.otpFormat === 'integer') parts.push('Digits only');
  if (challenge?.otpFormat === 'characters') parts.push('Letters and digits');
  if (challenge?.otpMaxLength) parts.push(`at most ${challenge.otpMaxLength} characters`);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'The code the PSU received for this authorisation.';
}

export function OtpForm({ challenge, ...form }: StepFormProps & { challenge: ChallengeReading | undefined }) {
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

/** The OTP step: the challenge as the bank describes it (as sent; read here), above the form. */
export function OtpStep({
  method,
  challenge,
  ...form
}: StepFormProps & { challenge: unknown; method: AuthenticationObject | undefined }) {
  const reading = readChallengeData(challenge);
  return (
    <div className="space-y-3">
      <ChallengeDetails challenge={reading} method={method} />
      <OtpForm {...form} challenge={reading} />
    </div>
  );
}
