// zod's classic API compiles object parsers with `new Function` when eval is allowed; the console's
// Content-Security-Policy (script-src 'self') forbids eval, and zod's probe for it shows as a policy violation. The
// 1.3.12 schemas are built with zod/mini, whose objects never compile a parser, but the classic API is still loaded
// where a module imports it (the test export's JSON schemas). zod keeps its settings in one object on globalThis
// (shared by every copy of zod, and what `z.config()` writes to): setting `jitless` there, whether zod has loaded yet
// or not, keeps zod itself out of the first load. e2e/console-csp.spec.ts fails if it stops working.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
