import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/**
 * scripts/server-process.ts and the app modules its direct routes import, bundled into one plain
 * ES module in the build's dist dir, so a server process runs without tsx. Under `--import tsx`
 * every dynamic `import()` crosses to Node's module-hooks thread and back, and Next imports its
 * cache handler that way on every request: 15 % of a server process's CPU per request.
 * Bundled once per start, in about a second, so it never lags the sources.
 * Packages stay imports, resolved from node_modules at run time (with `--conditions=react-server`
 * like the other scripts); only the project's own TypeScript is compiled in.
 */
export async function bundleServerProcess({
  projectRoot,
  distDir,
}: {
  projectRoot: string;
  distDir: string;
}): Promise<string> {
  const outDir = path.resolve(projectRoot, distDir);
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, "cnc-server-process.mjs");
  // Written aside and renamed into place: a process starting meanwhile (another test file's
  // server, a restarted worker) never reads half a file.
  const partial = `${outfile}.${process.pid}.partial`;
  await build({
    entryPoints: [path.join(projectRoot, "scripts", "server-process.ts")],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(projectRoot, "tsconfig.json"),
    // The bundle lives in the dist dir, not in scripts/: the entry's own directory, as written.
    define: { "import.meta.dirname": JSON.stringify(path.join(projectRoot, "scripts")) },
    logLevel: "warning",
  });
  renameSync(partial, outfile);
  return outfile;
}
