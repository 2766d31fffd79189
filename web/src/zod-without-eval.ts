/**
 * The gateway's Content-Security-Policy allows no eval (`script-src 'self'`). Zod 4 probes for it
 * with `new Function('')` when the first object schema is created, unless `jitless` is set; the
 * probe is caught, but the browser still reports a CSP violation. Schemas are created when their
 * modules load, before any code of main.tsx could call `z.config`, so this is a module script of
 * its own ahead of main.tsx (index.html; Vite bundles the two into one entry in that order) and
 * sets zod's global config before zod loads. Without JIT zod parses the same, a little slower. The
 * e2e journeys fail on any CSP violation, so a change of bundling that breaks the order shows.
 */
const target = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
target.__zod_globalConfig = { ...target.__zod_globalConfig, jitless: true };
