import "server-only";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import {
  copyFile,
  type FileHandle,
  link,
  lstat,
  mkdir,
  open,
  readFile,
  realpath,
  rename,
  rm,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { resolveByteRange } from "./byte-range";
import { contentTypeFromExtension } from "./content-types";
import { assertValidKey } from "./keys";
import { assertValidContentType, assertValidDownloadFileName, assertValidExpiry } from "./limits";
import { deriveSigningKey, grantSearchParams, type UrlGrant, verifySignedRequest } from "./signing";
import {
  assertDeclaredLength,
  assertValidContentLength,
  byteCounter,
  toNodeReadable,
  toWebStream,
} from "./streams";
import type { ObjectBody, ObjectInfo, ObjectStorage, PutObjectOptions, StoredObject } from "./types";

export interface LocalPutObjectOptions extends PutObjectOptions {
  /** Refuse (AppError CONFLICT) when the key already holds an object: a signed PUT URL writes once. */
  ifAbsent?: boolean;
}

export interface LocalStorageOptions {
  /** Directory holding the objects; created on first write. */
  rootDir: string;
  /** Origin (and optional path prefix) of the app, e.g. `https://cnc.example`; URLs point at `/files/...` below it. */
  publicBaseUrl: string;
  /** Secret the URL-signing key is derived from (the auth secret in production). */
  signingSecret: string;
  /** Clock in milliseconds; tests move it to sign URLs that are already expired. */
  now?: () => number;
}

export interface LocalObjectStorage extends ObjectStorage {
  readonly driver: "local";
  readonly rootDir: string;
  putObject(key: string, body: ObjectBody, options: LocalPutObjectOptions): Promise<{ size: number }>;
  /** For the /files route: the grant of a signed URL, or AppError FORBIDDEN. The key must be valid already. */
  verifySignedRequest(request: {
    method: "GET" | "PUT";
    key: string;
    searchParams: URLSearchParams;
  }): UrlGrant;
}

const metadataSchema = z.object({ contentType: z.string() });

function errorCode(error: unknown): string | undefined {
  return error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
}

function notFound(): AppError {
  return new AppError("NOT_FOUND", "The file does not exist.");
}

/** Another object's key is a prefix of this one (`a` and `a/b`): a file system cannot hold both. */
function keyConflict(cause: unknown): AppError {
  return new AppError("CONFLICT", "The storage key collides with another object's key.", { cause });
}

function alreadyWritten(cause: unknown): AppError {
  return new AppError("CONFLICT", "This upload link has already been used.", { cause });
}

/**
 * The storage directory itself cannot take the write (moved away and replaced by a file, read-only,
 * full): a 503 with the s3 driver's message, not an unexpected 500 (tests/faults).
 */
const UNUSABLE_STORAGE_CODES = new Set([
  "EEXIST",
  "ENOTDIR",
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOSPC",
  "EDQUOT",
  "EIO",
]);
const WRITE_FAILURE_CODES = new Set(["EACCES", "EPERM", "EROFS", "ENOSPC", "EDQUOT", "EIO"]);

function unavailable(cause: unknown): AppError {
  return new AppError("UNAVAILABLE", "File storage is unavailable. Please try again later.", { cause });
}

// Temp and metadata names start with a dot, which no key segment may (./keys.ts): they can never
// be read, overwritten or deleted through a key.
function metadataPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.meta.json`);
}

function tempPath(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(8).toString("hex")}.tmp`);
}

/**
 * Files under `rootDir`, one per key, with the content type in a sidecar `.<name>.meta.json`
 * (falling back to the extension). Writes go to a temp file renamed into place. Every path is
 * checked with realpath against the root, so neither `..` nor a symlink reaches outside it.
 */
export function createLocalStorage(options: LocalStorageOptions): LocalObjectStorage {
  const root = path.resolve(options.rootDir);
  const signingKey = deriveSigningKey(options.signingSecret);
  const now = options.now ?? Date.now;
  const base = new URL(options.publicBaseUrl);
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new Error(`PUBLIC_BASE_URL must be an http(s) URL, got ${options.publicBaseUrl}`);
  }
  const baseUrl = `${base.origin}${base.pathname.replace(/\/+$/, "")}`;

  const nowSeconds = () => Math.floor(now() / 1000);

  function objectPath(key: string): string {
    return path.join(root, ...assertValidKey(key).split("/"));
  }

  async function isInsideRoot(candidate: string): Promise<boolean> {
    const realRoot = await realpath(root);
    const real = await realpath(candidate);
    return real === realRoot || real.startsWith(realRoot + path.sep);
  }

  /** The object's real path when it exists inside the root, else null (a symlink out reads as missing). */
  async function existingFile(key: string): Promise<string | null> {
    const file = objectPath(key);
    try {
      if (!(await isInsideRoot(file))) return null;
      return await realpath(file);
    } catch (error) {
      if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return null;
      throw error;
    }
  }

  async function readContentType(file: string): Promise<string> {
    try {
      const parsed = metadataSchema.safeParse(JSON.parse(await readFile(metadataPath(file), "utf8")));
      if (parsed.success) return parsed.data.contentType;
    } catch {
      // No or unreadable sidecar: the extension decides.
    }
    return contentTypeFromExtension(file);
  }

  /**
   * Creates the key's directories one level at a time, checking each against the root before
   * going deeper, so a symlinked directory can never make us create anything outside it.
   */
  async function ensureParentDirectory(key: string): Promise<string> {
    await mkdir(root, { recursive: true }).catch((error: unknown) => {
      throw UNUSABLE_STORAGE_CODES.has(errorCode(error) ?? "") ? unavailable(error) : error;
    });
    let current = root;
    const directories = key.split("/").slice(0, -1);
    for (const segment of directories) {
      current = path.join(current, segment);
      try {
        await mkdir(current);
      } catch (error) {
        if (errorCode(error) === "ENOTDIR") throw keyConflict(error);
        if (errorCode(error) !== "EEXIST") throw error;
      }
      if (!(await isInsideRoot(current))) {
        throw new AppError("VALIDATION", "Invalid storage key: it leads outside the storage directory.");
      }
      if (!(await lstat(await realpath(current))).isDirectory()) throw keyConflict(undefined);
    }
    return current;
  }

  async function writeBody(temp: string, body: ObjectBody, declared: number | undefined): Promise<number> {
    if (body instanceof Uint8Array) {
      assertDeclaredLength(body.byteLength, declared);
      await writeFile(temp, body, { flag: "wx", mode: 0o644 });
      return body.byteLength;
    }
    const counter = byteCounter(declared);
    await pipeline(toNodeReadable(body), counter, createWriteStream(temp, { flags: "wx", mode: 0o644 }));
    return counter.bytes();
  }

  function signedUrl(grant: UrlGrant): string {
    return `${baseUrl}/files/${grant.key}?${grantSearchParams(signingKey, grant).toString()}`;
  }

  return {
    driver: "local",
    rootDir: root,

    async putObject(key, body, { contentType, contentLength, ifAbsent = false }) {
      assertValidKey(key);
      assertValidContentType(contentType);
      const declared = assertValidContentLength(contentLength);
      await ensureParentDirectory(key);

      const file = objectPath(key);
      const existing = await lstat(file).catch(() => null);
      if (existing?.isDirectory()) throw keyConflict(undefined);
      if (ifAbsent && existing) throw alreadyWritten(undefined);
      const dataTemp = tempPath(file);
      const metadataTemp = tempPath(metadataPath(file));
      try {
        const size = await writeBody(dataTemp, body, declared);
        await writeFile(metadataTemp, `${JSON.stringify({ contentType })}\n`, { flag: "wx", mode: 0o644 });
        // Metadata first: a new object is never visible without its content type.
        await rename(metadataTemp, metadataPath(file));
        if (ifAbsent) {
          // link() never replaces: of two PUTs racing on one URL, exactly one wins.
          await link(dataTemp, file).catch((error: unknown) => {
            throw errorCode(error) === "EEXIST" ? alreadyWritten(error) : error;
          });
          await rm(dataTemp, { force: true });
        } else {
          await rename(dataTemp, file);
        }
        return { size };
      } catch (error) {
        await Promise.all([rm(dataTemp, { force: true }), rm(metadataTemp, { force: true })]);
        if (
          errorCode(error) === "EISDIR" ||
          errorCode(error) === "ENOTDIR" ||
          errorCode(error) === "ENOTEMPTY"
        ) {
          throw keyConflict(error);
        }
        if (WRITE_FAILURE_CODES.has(errorCode(error) ?? "")) throw unavailable(error);
        throw error;
      }
    },

    async getObject(key, range) {
      const file = await existingFile(key);
      if (!file) throw notFound();
      let handle: FileHandle;
      try {
        handle = await open(/*turbopackIgnore: true*/ file, "r");
      } catch (error) {
        if (errorCode(error) === "ENOENT") throw notFound();
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw notFound();
        const served = range ? resolveByteRange(range, stats.size) : null;
        const contentType = await readContentType(file);
        const readable = served
          ? handle.createReadStream({ start: served.start, end: served.end })
          : handle.createReadStream();
        const result: StoredObject = {
          stream: toWebStream(readable),
          size: stats.size,
          contentType,
          contentLength: served ? served.end - served.start + 1 : stats.size,
          range: served,
        };
        return result;
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async statObject(key): Promise<ObjectInfo | null> {
      const file = await existingFile(key);
      if (!file) return null;
      const stats = await lstat(file);
      if (!stats.isFile()) return null;
      return { size: stats.size, contentType: await readContentType(file) };
    },

    async deleteObjects(keys) {
      const files = keys.map(objectPath);
      for (const file of files) {
        try {
          // Only through a directory inside the root: unlinking via a symlinked parent would delete elsewhere.
          if (!(await isInsideRoot(path.dirname(file)))) continue;
          await unlink(file);
        } catch (error) {
          const code = errorCode(error);
          if (code !== "ENOENT" && code !== "ENOTDIR" && code !== "EISDIR") throw error;
        }
        await rm(metadataPath(file), { force: true }).catch(() => undefined);
      }
    },

    async presignGet(key, { expiresInSeconds, downloadFileName, issuedAt }) {
      const issuedSeconds = issuedAt ? Math.floor(issuedAt.getTime() / 1000) : nowSeconds();
      const grant: UrlGrant = {
        method: "GET",
        key: assertValidKey(key),
        expires: issuedSeconds + assertValidExpiry(expiresInSeconds),
      };
      if (downloadFileName !== undefined) grant.fileName = assertValidDownloadFileName(downloadFileName);
      return signedUrl(grant);
    },

    async presignPut(key, { expiresInSeconds, contentTypes, maxBytes }) {
      const [contentType, ...others] = contentTypes.map(assertValidContentType);
      const grant: UrlGrant = {
        method: "PUT",
        key: assertValidKey(key),
        expires: nowSeconds() + assertValidExpiry(expiresInSeconds),
        contentType,
      };
      if (others.length > 0) grant.accept = others.join(",");
      if (maxBytes !== undefined) grant.maxBytes = assertValidContentLength(maxBytes);
      return signedUrl(grant);
    },

    async copyObject(fromKey, toKey, { contentType }) {
      assertValidContentType(contentType);
      const source = await existingFile(fromKey);
      if (!source) throw notFound();
      await ensureParentDirectory(assertValidKey(toKey));
      const file = objectPath(toKey);
      const dataTemp = tempPath(file);
      const metadataTemp = tempPath(metadataPath(file));
      try {
        // A hard link costs no space; the source is deleted later (its URL may still be live).
        await link(source, dataTemp).catch((error: unknown) => {
          if (errorCode(error) === "ENOENT") throw notFound();
          return copyFile(source, dataTemp);
        });
        await writeFile(metadataTemp, `${JSON.stringify({ contentType })}\n`, { flag: "wx", mode: 0o644 });
        await rename(metadataTemp, metadataPath(file));
        await rename(dataTemp, file);
      } catch (error) {
        await Promise.all([rm(dataTemp, { force: true }), rm(metadataTemp, { force: true })]);
        if (WRITE_FAILURE_CODES.has(errorCode(error) ?? "")) throw unavailable(error);
        throw error;
      }
    },

    verifySignedRequest(request) {
      return verifySignedRequest(signingKey, { ...request, nowSeconds: nowSeconds() });
    },
  };
}
