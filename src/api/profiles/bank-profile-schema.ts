// The bank profile as a zod schema, for forms that show each field's message (the rules live in profile-rules.ts).
import * as z from 'zod';
import type { BankProfile } from './bank-profile';
import { cleanProfile, profileIssues } from './profile-rules';

function profileSchema(): z.ZodType<BankProfile> {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const issue of profileIssues(value))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    })
    .transform((value) => cleanProfile(value as BankProfile));
}

/**
 * Field-level messages for base_url, PSU-IP-Address, PSU-IP-Port, PSU-Geo-Location, the redirect URIs and the name.
 * Marked pure, so that the bundler leaves this module and zod out of the first load, which only needs the store.
 */
export const bankProfileSchema: z.ZodType<BankProfile> = /* @__PURE__ */ profileSchema();
