// zod compiles object parsers with `new Function` when eval is allowed; the console's Content-Security-Policy
// (script-src 'self') forbids eval, and zod's probe for it shows as a policy violation. Imported first by main.tsx,
// so the setting holds before any schema parses.
import { config } from 'zod';

config({ jitless: true });
