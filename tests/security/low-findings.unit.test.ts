import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/auth/session-cookies";
import { resetEnvCache } from "@/lib/env";
import { GOOGLE_NOT_CONFIGURED } from "@/lib/auth/google";
import { GOOGLE_EMAIL_IN_USE, GOOGLE_EMAIL_UNVERIFIED } from "@/lib/services/auth/google-sign-in";
import { detectImageType, looksLikeSvg, matchesImageType } from "@/lib/services/attachments/image-signature";
import { uploadRequestSchema } from "@/lib/validation/attachments";
import { AUTH_ERROR_MESSAGES, authErrorCodeFor, authErrorMessage } from "@/lib/validation/auth-errors";

const bytes = (text: string) => new TextEncoder().encode(text);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const GIF = bytes("GIF89a\u0001\u0000");
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

describe("magic bytes of stored images", () => {
  it("recognises JPEG, PNG, WebP and GIF and nothing else", () => {
    expect(detectImageType(JPEG)).toBe("image/jpeg");
    expect(detectImageType(PNG)).toBe("image/png");
    expect(detectImageType(WEBP)).toBe("image/webp");
    expect(detectImageType(GIF)).toBe("image/gif");
    expect(detectImageType(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(detectImageType(bytes("GIF8"))).toBeNull();
  });

  it("an HTML file named fake.png does not match image/png; a PNG declared as JPEG does not either", () => {
    expect(matchesImageType(bytes("<!doctype html><p>hi"), "image/png")).toBe(false);
    expect(matchesImageType(PNG, "image/jpeg")).toBe(false);
    expect(matchesImageType(PNG, "image/png")).toBe(true);
  });

  it("accepts SVG text that opens with <svg (after a prologue) and refuses HTML", () => {
    expect(looksLikeSvg(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(
      looksLikeSvg(
        bytes('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1">'),
      ),
    ).toBe(true);
    expect(looksLikeSvg(bytes("<html><svg></svg></html>"))).toBe(false);
    expect(looksLikeSvg(bytes("<svgfoo>"))).toBe(false);
  });
});

describe("upload file names", () => {
  const request = (fileName: string) => ({
    parentId: "00000000-0000-4000-8000-000000000000",
    parentType: "post",
    category: "postMedia",
    fileName,
    fileHash: "a".repeat(64),
    fileSize: 10,
    resourceType: "image",
  });

  it("refuses CR, LF and other control characters inside the name", () => {
    for (const name of ["evil\r\nSet-Cookie: x=1.png", "a\u0007b.png", "tab\tname.png", "del\u007f.png"]) {
      const result = uploadRequestSchema.safeParse(request(name));
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("fileName must not contain control characters");
    }
    expect(uploadRequestSchema.safeParse(request("Basswood plaque (v2).png")).success).toBe(true);
  });
});

describe("the auth error toast shows only known texts", () => {
  it("maps codes to fixed texts and ignores anything else", () => {
    expect(authErrorMessage("google_cancelled")).toBe("Google sign-in was cancelled.");
    expect(authErrorMessage("Your account was hacked, call +1 555 0100")).toBeNull();
    expect(authErrorMessage("__proto__")).toBeNull();
    expect(authErrorMessage("toString")).toBeNull();
    expect(authErrorMessage(null)).toBeNull();
  });

  it("knows every message the Google sign-in services throw", () => {
    for (const message of [GOOGLE_EMAIL_IN_USE, GOOGLE_EMAIL_UNVERIFIED, GOOGLE_NOT_CONFIGURED]) {
      const code = authErrorCodeFor(message);
      expect(AUTH_ERROR_MESSAGES[code]).toBe(message);
    }
    expect(authErrorCodeFor("something else")).toBe("google_failed");
  });
});

describe("clientIp and TRUSTED_PROXIES", () => {
  beforeEach(() => {
    process.env.CNC_REMOTE_ADDRESS_HEADER = "1";
    resetEnvCache();
  });
  afterEach(() => {
    delete process.env.TRUSTED_PROXIES;
    delete process.env.CNC_REMOTE_ADDRESS_HEADER;
    resetEnvCache();
  });
  const request = (headers: Record<string, string>) => new Request("http://127.0.0.1/", { headers });

  it("by default believes no X-Forwarded-For: the socket address counts", () => {
    delete process.env.TRUSTED_PROXIES;
    resetEnvCache();
    expect(clientIp(request({ "x-cnc-remote-address": "203.0.113.9", "x-forwarded-for": "10.1.2.3" }))).toBe(
      "203.0.113.9",
    );
    expect(clientIp(request({ "x-forwarded-for": "10.1.2.3" }))).toBe("unknown");
  });

  it("reads X-Forwarded-For from the right when the peer is a trusted proxy", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8, ::1";
    resetEnvCache();
    const behind = (forwarded: string, peer = "10.0.0.2") =>
      clientIp(request({ "x-cnc-remote-address": peer, "x-forwarded-for": forwarded }));
    expect(behind("198.51.100.7")).toBe("198.51.100.7");
    // A client's own forged entry sits left of what the proxy appended: it is not believed.
    expect(behind("1.2.3.4, 198.51.100.7")).toBe("198.51.100.7");
    expect(behind("198.51.100.7, 10.0.0.5")).toBe("198.51.100.7");
    expect(behind("198.51.100.7", "::ffff:10.0.0.2")).toBe("198.51.100.7");
    // An untrusted peer's header is ignored.
    expect(behind("198.51.100.7", "203.0.113.1")).toBe("203.0.113.1");
  });

  it("ignores the remote-address header unless the server process set it (a client could send it)", () => {
    delete process.env.CNC_REMOTE_ADDRESS_HEADER;
    resetEnvCache();
    expect(clientIp(request({ "x-cnc-remote-address": "203.0.113.9" }))).toBe("unknown");
  });

  it("TRUSTED_PROXIES=* takes the last X-Forwarded-For entry (one proxy of unknown address)", () => {
    process.env.TRUSTED_PROXIES = "*";
    resetEnvCache();
    expect(clientIp(request({ "x-forwarded-for": "1.2.3.4, 198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientIp(request({ "x-cnc-remote-address": "10.0.0.2" }))).toBe("10.0.0.2");
    expect(clientIp(request({}))).toBe("unknown");
  });
});
