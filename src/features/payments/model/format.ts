// Display helpers that need nothing of the xs2a model (the payments list uses only these, to load light).

export function displayTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The console route of a payment. */
export function paymentRoute(ref: { service: string; product: string; paymentId: string }): string {
  return `/payments/${encodeURIComponent(ref.service)}/${encodeURIComponent(ref.product)}/${encodeURIComponent(ref.paymentId)}`;
}

/** Whom a payment goes to: its creditor, or a bulk's first creditor and how many more (names shown through `name`). */
export function payeeWords(
  entry: { creditorName: string; paymentCount?: number | undefined },
  name: (value: string) => string,
) {
  const more = (entry.paymentCount ?? 1) - 1;
  return more > 0 ? `${name(entry.creditorName)} and ${more} more` : name(entry.creditorName);
}

/** Whether the product's body is a pain.001 document (XML; a standing order's multipart). */
export const isXmlProduct = (product: string) => product.startsWith('pain.001-');
