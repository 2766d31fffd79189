// Runs before the app's modules (a classic script, so the browser runs it first): zod must not
// probe for eval (`new Function`), which the gateway's Content-Security-Policy forbids; the probe
// is caught, but the browser still reports a violation. Zod reads this global config when it
// loads, wherever the bundler puts it; without JIT it parses the same, a little slower.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
