// Display helpers that need nothing of the xs2a model (the payments list uses only these, to load light).

export function displayTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The console route of a payment. */
export function paymentRoute(ref: { service: string; product: string; paymentId: string }): string {
  return `/payments/${encodeURIComponent(ref.service)}/${encodeURIComponent(ref.product)}/${encodeURIComponent(ref.paymentId)}`;
}
