/*
 * npm run build:gcode-core — compiles the G-code interpreter's core (lib/gcode/core/interpreter.ts,
 * AssemblyScript) to WebAssembly and writes it, base64-encoded, into
 * lib/gcode/core/interpreter-wasm.ts, which the parser imports (one module for the server, the
 * seed and the viewer's Worker; no loader or bundler setting per place). The unit tests compile it
 * again and compare, so the committed binary cannot drift from its source.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileInterpreter, interpreterModuleSource } from "./lib/gcode-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const binary = await compileInterpreter(root);
const out = path.join(root, "lib/gcode/core/interpreter-wasm.ts");
writeFileSync(out, interpreterModuleSource(binary));
console.log(`${path.relative(root, out)}: ${binary.length} bytes of WebAssembly`);
