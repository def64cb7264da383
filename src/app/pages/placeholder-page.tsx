// Stand-in for a console section whose feature has not been built yet.
export function PlaceholderPage({ title, summary }: { title: string; summary: string }) {
  return (
    <article className="max-w-3xl space-y-4">
      <title>{`${title} · XS2A Console`}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p>{summary}</p>
      <p className="text-sm text-slate-600">This section is not available yet.</p>
    </article>
  );
}
