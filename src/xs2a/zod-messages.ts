// zod/mini loads no locale of its own (zod's classic API loads the English one): without one, every finding's message
// would be "Invalid input". The console shows zod's messages (deviations, form findings, the sandbox's answers), so
// every module that builds the model's schemas imports this one, which sets the English messages, once, before any
// schema is used. Only the English locale is bundled.
import * as z from 'zod/mini';

z.config(z.locales.en());
