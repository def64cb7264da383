// What to do about a consent-related refusal, one line per piece of advice.

export function ConsentAdviceLines({ advice }: { advice: readonly string[] }) {
  return advice.map((text) => (
    <p key={text}>
      <span className="font-semibold">What to do:</span> {text}
    </p>
  ));
}
