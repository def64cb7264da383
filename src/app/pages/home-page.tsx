export function HomePage() {
  const sandboxBaseUrl = `${window.location.origin}/sandbox`;

  return (
    <article className="max-w-3xl space-y-6">
      <title>XS2A Console</title>
      <h1 className="text-2xl font-semibold">XS2A Console</h1>
      <p>
        A developer console for banks&apos; Berlin Group NextGenPSD2 XS2A 1.3.12 interfaces. Explore a bank&apos;s API
        interactively, walk through payment initiation and account information consent flows, and see every request and
        response the console exchanges.
      </p>
      <section aria-labelledby="sandbox-heading" className="space-y-2 rounded border border-slate-200 bg-white p-4">
        <h2 id="sandbox-heading" className="text-lg font-semibold">
          Embedded sandbox bank
        </h2>
        <p>The console ships with a sandbox bank that implements the same interface. Its base_url:</p>
        <p>
          <code className="rounded bg-slate-100 px-2 py-1 text-sm">{sandboxBaseUrl}</code>
        </p>
        <p className="text-sm text-slate-600">Test PSUs and their credentials: see README.</p>
      </section>
    </article>
  );
}
