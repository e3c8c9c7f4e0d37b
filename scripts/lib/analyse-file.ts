// One upload analysis of a file in this fresh process, as the server's confirm runs it (the G-code
// engine over a file stream): prints {"seconds": N}. Run by scripts/bench-upload.ts.
import { createReadStream } from "node:fs";
import { analyseGcodeStream } from "@/lib/gcode/analysis";

const file = process.argv[2];
if (!file) throw new Error("usage: analyse-file.ts FILE");
const started = performance.now();
await analyseGcodeStream(createReadStream(file));
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000 }));
