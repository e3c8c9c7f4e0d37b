// Runs in the browser before the app's own modules (Next's client instrumentation hook).
//
// zod 4 probes whether it may compile parsers with `new Function` the first time an object schema
// is built; under the pages' Content-Security-Policy (no 'unsafe-eval', ADR 014) the probe is
// refused and reported as a CSP violation, although zod then falls back. Telling zod up front
// that it runs without eval skips the probe. zod reads this shared object when it loads.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
