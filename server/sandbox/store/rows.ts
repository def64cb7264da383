// Small helpers shared by the store modules.

/** Whether a conditional UPDATE changed a row (Kysely reports bigint counts on some drivers). */
export function changed(result: { numUpdatedRows: bigint | number }): boolean {
  return Number(result.numUpdatedRows) > 0;
}
