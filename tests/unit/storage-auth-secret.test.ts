import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getAuthSecret } from "@/lib/auth/secret";
import { resetEnvCache } from "@/lib/env";

describe("getAuthSecret (the key storage URLs and access tokens are signed with)", () => {
  let dataDir: string;
  const saved = { AUTH_SECRET: process.env.AUTH_SECRET, DATA_DIR: process.env.DATA_DIR };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "auth-secret-"));
    delete process.env.AUTH_SECRET;
    process.env.DATA_DIR = path.join(dataDir, "nested", "data");
    resetEnvCache();
  });

  afterEach(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("uses AUTH_SECRET when it is set, without writing a file", async () => {
    process.env.AUTH_SECRET = "from-the-environment";
    resetEnvCache();
    expect(getAuthSecret()).toBe("from-the-environment");
    await expect(stat(path.join(dataDir, "nested", "data", "auth-secret"))).rejects.toThrow();
  });

  it("creates a random secret file readable by the owner only, and reuses it", async () => {
    const secret = getAuthSecret();
    const file = path.join(dataDir, "nested", "data", "auth-secret");
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await readFile(file, "utf8")).trim()).toBe(secret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(getAuthSecret()).toBe(secret);
    expect((await readFile(file, "utf8")).trim()).toBe(secret);
  });

  it("reads a secret file another process created", async () => {
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    await writeFile(path.join(dataDir, "auth-secret"), "written-by-someone-else\n", { mode: 0o600 });
    expect(getAuthSecret()).toBe("written-by-someone-else");
  });
});
