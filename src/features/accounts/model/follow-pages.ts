// "Load all pages": follows a report's `_links.next` from its first page until there is none, or until stopped.

export interface FollowPagesOptions<P> {
  /** Reads one page: the first with `href` undefined, later ones by the bank's `next` href. */
  fetchPage: (href: string | undefined, signal: AbortSignal) => Promise<P>;
  nextHref: (page: P) => string | undefined;
  /** Called with each page as it arrives, in order. */
  onPage: (page: P, index: number) => void;
  signal: AbortSignal;
  /** Where to start: undefined for the first page, or a `next` href to resume after a stop. */
  startHref?: string;
  /** Index the first page read gets (pages already loaded before a resume). */
  startIndex?: number;
  /** A safety net against a bank whose `next` never ends. */
  maxPages?: number;
}

export type FollowPagesOutcome =
  | { kind: 'complete'; pages: number }
  /** Stopped by the signal; `resumeHref` continues where it stopped. */
  | { kind: 'stopped'; pages: number; resumeHref: string | undefined }
  /** The bank's `next` pointed at a page already read, or the page cap was reached. */
  | { kind: 'cut-off'; pages: number; reason: string };

/** Reads pages one after the other (never in parallel: each `next` comes from the page before). Errors propagate. */
export async function followPages<P>(options: FollowPagesOptions<P>): Promise<FollowPagesOutcome> {
  const { fetchPage, nextHref, onPage, signal, maxPages = 10_000 } = options;
  let href = options.startHref;
  let index = options.startIndex ?? 0;
  let read = 0;
  const seen = new Set<string>();
  for (;;) {
    if (signal.aborted) return { kind: 'stopped', pages: read, resumeHref: href };
    if (read >= maxPages) return { kind: 'cut-off', pages: read, reason: `stopped after ${maxPages} pages` };
    let page: P;
    try {
      page = await fetchPage(href, signal);
    } catch (error) {
      if (signal.aborted) return { kind: 'stopped', pages: read, resumeHref: href };
      throw error;
    }
    onPage(page, index);
    index += 1;
    read += 1;
    if (href !== undefined) seen.add(href);
    const next = nextHref(page);
    if (next === undefined) return { kind: 'complete', pages: read };
    if (seen.has(next)) {
      return { kind: 'cut-off', pages: read, reason: `the bank's next link points back to a page already read` };
    }
    href = next;
  }
}
