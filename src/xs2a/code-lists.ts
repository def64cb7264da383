// Code lists of 1.3.12 that pages show or check values against, as plain data: ./enums makes them zod enums, so a page
// that only lists them loads none of the schemas.

export const paymentServices = ['payments', 'bulk-payments', 'periodic-payments'] as const;

export const jsonPaymentProducts = [
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
  'cross-border-credit-transfers',
] as const;

export const xmlPaymentProducts = [
  'pain.001-sepa-credit-transfers',
  'pain.001-instant-sepa-credit-transfers',
  'pain.001-target-2-payments',
  'pain.001-cross-border-credit-transfers',
] as const;

export const paymentProducts = [...jsonPaymentProducts, ...xmlPaymentProducts] as const;

export const frequencies = [
  'Daily',
  'Weekly',
  'EveryTwoWeeks',
  'Monthly',
  'EveryTwoMonths',
  'Quarterly',
  'SemiAnnual',
  'Annual',
  'MonthlyVariable',
] as const;

export const balanceTypes = [
  'closingBooked',
  'expected',
  'openingBooked',
  'interimAvailable',
  'interimBooked',
  'forwardAvailable',
  'nonInvoiced',
] as const;

export const balanceTypeInfo: Record<(typeof balanceTypes)[number], string> = {
  closingBooked: 'Booked balance at the end of the last reporting period (opening balance plus all bookings in it).',
  expected: 'Booked balance plus pending items known now: what the day should end with if nothing else happens.',
  openingBooked: 'Booked balance at the start of the reporting period; equals the previous period’s closing balance.',
  interimAvailable: 'Money available right now during the business day; may still change today.',
  interimBooked: 'Booked balance right now during the business day; may still change today.',
  forwardAvailable: 'Money that will be available to the account owner on a given future date.',
  nonInvoiced: 'Card accounts only: card spending not yet invoiced. Marked as still to be defined in 1.3.12.',
};
