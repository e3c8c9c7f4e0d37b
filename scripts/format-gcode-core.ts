/*
 * npm run format:gcode-core — Prettier for the G-code core's AssemblyScript source
 * (lib/gcode/core/interpreter.ts); with --check it only reports, as `prettier --check` does.
 * Prettier's TypeScript parser refuses decorators on functions (`@inline`, `@external(...)`), so
 * they are written as comments for Prettier and restored after it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(root, "lib/gcode/core/interpreter.ts");
const isCheck = process.argv.includes("--check");

const hideDecorators = (text: string) => text.replace(/^@(\w+(?:\([^)\n]*\))?)/gm, "/*@@$1*/");
const restoreDecorators = (text: string) => text.replace(/^\/\*@@(.*?)\*\//gm, "@$1");

const source = readFileSync(file, "utf8");
const options = await prettier.resolveConfig(file);
const formatted = restoreDecorators(
  await prettier.format(hideDecorators(source), { ...options, parser: "typescript", filepath: file }),
);

if (formatted === source) {
  console.log(`${path.relative(root, file)}: formatted`);
} else if (isCheck) {
  console.error(`${path.relative(root, file)}: not formatted (run \`npm run format:gcode-core\`)`);
  process.exitCode = 1;
} else {
  writeFileSync(file, formatted);
  console.log(`${path.relative(root, file)}: written`);
}
