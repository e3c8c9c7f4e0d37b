import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Controller,
  CONTROLLERS_STORAGE_KEY,
  normalizeAddress,
  readControllers,
  validateControllerInput,
  writeControllers,
} from "@/lib/send-to-machine/controllers";
import {
  onefinityBookmarklet,
  onefinityConsoleSnippet,
  onefinityPromptingScript,
} from "@/lib/send-to-machine/onefinity-pull";
import { sendToController } from "@/lib/send-to-machine/upload";
import { type FakeController, startFakeController } from "../support/fake-controllers";

const root = path.resolve(import.meta.dirname, "..", "..");
const SEND_CODE_DIRS = ["lib/send-to-machine", "components/send-to-machine"];
const GCODE = "G21\nG90\nG0 Z5\nG1 X10 Y0 F800\nM2\n";

function sendCodeFiles(): { file: string; source: string }[] {
  return SEND_CODE_DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.(ts|tsx)$/.test(file))
      .map((file) => ({
        file: path.join(dir, file),
        source: readFileSync(path.join(root, dir, file), "utf8"),
      })),
  );
}

describe("send to my machine: upload only", () => {
  it("no send code names a start, run, jog or any other controller path than the three uploads", () => {
    const files = sendCodeFiles();
    expect(files.length).toBeGreaterThan(3);
    const allowed = new Set(["/api/file", "/api/fs/Home/", "/api/file/"]);
    for (const { file, source } of files) {
      // Our own API is called through the typed client, never by a path written here.
      expect(source, file).not.toMatch(
        /\/api\/(start|run|jog|home|stop|pause|unpause|resume|step|mdi|macro|gcode|command|commands|estop)\b/i,
      );
      for (const match of source.matchAll(/\/api\/[A-Za-z0-9_/.-]*/g)) {
        expect(allowed, `${file}: ${match[0]}`).toContain(match[0]);
      }
    }
  });

  it("the Onefinity scripts PUT to /api/file/{name} and call nothing else on the controller", () => {
    for (const script of [onefinityPromptingScript(), onefinityConsoleSnippet("https://x.example/l")]) {
      expect(script).not.toMatch(/\/api\/(start|run|jog|home|unpause|step)/i);
      expect([...script.matchAll(/fetch\(/g)]).toHaveLength(2);
      expect(script).toContain('fetch("/api/file/" + encodeURIComponent(name), { method: "PUT"');
    }
    expect(decodeURIComponent(onefinityBookmarklet().slice("javascript:".length))).toBe(
      onefinityPromptingScript(),
    );
  });
});

describe("controllers kept in the browser", () => {
  it("normalizes what a person types into an origin, and refuses paths and other schemes", () => {
    expect(normalizeAddress("192.168.1.20:8000")).toBe("http://192.168.1.20:8000");
    expect(normalizeAddress(" http://onefinity.local/ ")).toBe("http://onefinity.local");
    expect(normalizeAddress("https://bb.example:443")).toBe("https://bb.example");
    expect(normalizeAddress("http://host/api/start")).toBeNull();
    expect(normalizeAddress("ftp://host")).toBeNull();
    expect(normalizeAddress("javascript:alert(1)")).toBeNull();
    expect(normalizeAddress("http://user:pw@host")).toBeNull();
    expect(normalizeAddress("")).toBeNull();
  });

  it("reads back what it wrote and skips entries that are not controllers", () => {
    const memory = new Map<string, string>();
    const store = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
    };
    expect(readControllers(store)).toEqual([]);
    const shop: Controller = {
      id: "a",
      name: "Shop",
      kind: "gsender",
      address: "http://10.0.0.2:8000",
      serialPort: "COM3",
    };
    writeControllers(store, [shop]);
    expect(readControllers(store)).toEqual([shop]);
    memory.set(
      CONTROLLERS_STORAGE_KEY,
      JSON.stringify([shop, { id: "b", name: "X", kind: "laser", address: "http://x" }, 7, null]),
    );
    expect(readControllers(store)).toEqual([shop]);
    memory.set(CONTROLLERS_STORAGE_KEY, "{not json");
    expect(readControllers(store)).toEqual([]);
  });

  it("validates a new controller with clear messages", () => {
    const result = validateControllerInput({ name: " ", kind: "onefinity", address: "nope nope" });
    expect(result).toEqual({
      ok: false,
      issues: {
        name: "Give the controller a name",
        address: "Enter the controller's address, such as 192.168.1.20:8000 or http://onefinity.local",
      },
    });
    expect(
      validateControllerInput({
        name: "Garage",
        kind: "buildbotics",
        address: "bbctrl.local",
        serialPort: "COM1",
      }),
    ).toEqual({ ok: true, value: { name: "Garage", kind: "buildbotics", address: "http://bbctrl.local" } });
  });
});

describe("sendToController against fake controllers", () => {
  const fakes: FakeController[] = [];
  const start = async (...args: Parameters<typeof startFakeController>) => {
    const fake = await startFakeController(...args);
    fakes.push(fake);
    return fake;
  };
  afterAll(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
  });
  const file = { name: "sign plate.nc", bytes: new Blob([GCODE]) };
  const controller = (kind: Controller["kind"], address: string): Controller => ({
    id: "c",
    name: "Test",
    kind,
    address,
    serialPort: "/dev/ttyUSB0",
  });

  it("gSender: POST /api/file with the file as `gcode` and the serial port as `port`", async () => {
    const fake = await start("gsender");
    expect(await sendToController(controller("gsender", fake.url), file)).toEqual({ outcome: "sent" });
    expect(fake.received).toEqual([
      { path: "/api/file", fileName: "sign plate.nc", bytes: Buffer.from(GCODE), port: "/dev/ttyUSB0" },
    ]);
    expect(fake.requests).toEqual([{ method: "POST", path: "/api/file" }]);
  });

  it("Buildbotics: PUT /api/fs/Home/{name} with the file as `file`", async () => {
    const fake = await start("buildbotics", { corsOrigins: ["http://site.example"] });
    expect(await sendToController(controller("buildbotics", fake.url), file)).toEqual({ outcome: "sent" });
    expect(fake.received).toEqual([
      { path: "/api/fs/Home/sign plate.nc", fileName: "sign plate.nc", bytes: Buffer.from(GCODE) },
    ]);
  });

  it("a refusal comes back with the controller's status and text", async () => {
    const fake = await start("refusing", { refuseStatus: 409, refuseText: "Busy: a job is running" });
    expect(await sendToController(controller("gsender", fake.url), file)).toEqual({
      outcome: "refused",
      status: 409,
      text: "Busy: a job is running",
    });
  });

  it("a call that never gets an answer is reported as blocked", async () => {
    const fake = await start("gsender");
    const address = fake.url;
    await fake.close();
    const result = await sendToController(controller("gsender", address), file);
    expect(result.outcome).toBe("blocked");
  });

  it("a Onefinity controller is never uploaded to from the page", async () => {
    await expect(sendToController(controller("onefinity", "http://127.0.0.1:9"), file)).rejects.toThrow(
      /send link/,
    );
  });
});

describe("the Onefinity pull script", () => {
  let site: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    const server = createServer((request, response) => {
      if (request.url?.startsWith("/expired")) {
        response.writeHead(403, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
        response.end(JSON.stringify({ status: "error", errorMessage: "This send link has expired." }));
        return;
      }
      response.writeHead(200, {
        "Content-Type": "text/plain",
        "Access-Control-Allow-Origin": "*",
        "X-File-Name": encodeURIComponent("sign plate.nc"),
      });
      response.end(GCODE);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    site = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  });
  afterAll(async () => site.close());

  /** Runs a script as if on the controller's page: relative URLs go to the controller. */
  async function runOnControllerPage(script: string, controllerUrl: string, answer: string | null) {
    const alerts: string[] = [];
    const pageFetch = (input: string, init?: RequestInit) =>
      fetch(input.startsWith("/") ? `${controllerUrl}${input}` : input, init);
    const run = new Function("fetch", "alert", "prompt", `return ${script.replace(/;\s*$/, "")}`) as (
      ...args: unknown[]
    ) => Promise<void>;
    await run(
      pageFetch,
      (text: string) => alerts.push(text),
      () => answer,
    );
    return alerts;
  }

  it("the bookmarklet asks for the link, fetches it and PUTs the bytes to /api/file/{name}", async () => {
    const fake = await startFakeController("onefinity");
    try {
      const alerts = await runOnControllerPage(onefinityPromptingScript(), fake.url, `${site.url}/link`);
      expect(fake.received).toEqual([
        { path: "/api/file/sign plate.nc", fileName: "sign plate.nc", bytes: Buffer.from(GCODE) },
      ]);
      expect(fake.requests).toEqual([{ method: "PUT", path: "/api/file/sign plate.nc" }]);
      expect(alerts).toEqual([
        "Sent sign plate.nc to this controller. It is selected, not started: check it and start it on the controller.",
      ]);
    } finally {
      await fake.close();
    }
  });

  it("the console snippet carries its link; a refused link says why and uploads nothing", async () => {
    const fake = await startFakeController("onefinity");
    try {
      const alerts = await runOnControllerPage(
        onefinityConsoleSnippet(`${site.url}/expired`),
        fake.url,
        null,
      );
      expect(alerts).toEqual(["The site refused the send link: This send link has expired."]);
      expect(fake.requests).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});

describe("Chrome's local network hint", () => {
  it("is given for plain host names only: IP literals and .local names are inferred, loopback must not claim it", async () => {
    const { needsLocalAddressHint } = await import("@/lib/send-to-machine/upload");
    expect(needsLocalAddressHint("http://shop-pc:8000")).toBe(true);
    expect(needsLocalAddressHint("http://192.168.1.20:8000")).toBe(false);
    expect(needsLocalAddressHint("http://onefinity.local")).toBe(false);
    expect(needsLocalAddressHint("http://localhost:8000")).toBe(false);
    expect(needsLocalAddressHint("http://127.0.0.1:8000")).toBe(false);
    expect(needsLocalAddressHint("http://[fd00::5]:8000")).toBe(false);
  });
});
