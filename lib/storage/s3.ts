import "server-only";
import { Client, CopyDestinationOptions, CopySourceOptions } from "minio";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream";
import { pipeline as streamPipeline } from "node:stream/promises";
import { AppError } from "@/lib/errors";
import { resolveByteRange } from "./byte-range";
import { attachmentContentDisposition } from "./content-disposition";
import { DEFAULT_CONTENT_TYPE } from "./content-types";
import { assertValidKey } from "./keys";
import { assertValidContentType, assertValidDownloadFileName, assertValidExpiry } from "./limits";
import {
  assertDeclaredLength,
  assertValidContentLength,
  byteCounter,
  toNodeReadable,
  toWebStream,
} from "./streams";
import type { ObjectBody, ObjectInfo, ObjectStorage, StoredObject } from "./types";

export interface S3StorageOptions {
  /** `http(s)://host[:port]` of any S3-compatible service (AWS, MinIO, s3rver in tests). */
  endpoint: string;
  /** Needed by the client to presign without asking the server for the bucket's region. */
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Default: path style (`host/bucket/key`) except on amazonaws.com. */
  pathStyle?: boolean;
  /**
   * Where browsers reach the store, when it differs from `endpoint` (in docker-compose the app
   * talks to `minio:9000`, browsers to `localhost:9000`). Presigned URLs are signed for this host.
   */
  publicEndpoint?: string;
}

function createClient(url: string, options: S3StorageOptions): Client {
  const endpoint = new URL(url);
  if (endpoint.protocol !== "http:" && endpoint.protocol !== "https:") {
    throw new Error(`S3 endpoints must be http(s) URLs, got ${url}`);
  }
  const useSSL = endpoint.protocol === "https:";
  return new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    // With the region given, presigning is computed locally without asking the server.
    region: options.region,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    pathStyle: options.pathStyle ?? !endpoint.hostname.endsWith("amazonaws.com"),
  });
}

export interface S3ObjectStorage extends ObjectStorage {
  readonly driver: "s3";
  readonly bucket: string;
  /** Creates the bucket when it does not exist; safe to call from several processes. */
  ensureBucket(): Promise<void>;
}

const NOT_FOUND_CODES = new Set(["NoSuchKey", "NotFound"]);
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "ETIMEDOUT", "EAI_AGAIN"]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** Connection failures become a 503 for the caller; everything else keeps its own identity. */
function storageError(error: unknown): unknown {
  const code = errorCode(error);
  if (code && UNREACHABLE_CODES.has(code)) {
    return new AppError("UNAVAILABLE", "File storage is unavailable. Please try again later.", {
      cause: error,
    });
  }
  return error;
}

/**
 * Objects in one bucket through the `minio` client. Presigned URLs are real SigV4 URLs computed
 * locally (the client knows the region, so presigning makes no request).
 */
export function createS3Storage(options: S3StorageOptions): S3ObjectStorage {
  const client = createClient(options.endpoint, options);
  const presigner = options.publicEndpoint ? createClient(options.publicEndpoint, options) : client;
  const { bucket, region } = options;

  async function stat(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await client.statObject(bucket, key);
      const contentType: unknown = info.metaData["content-type"];
      return {
        size: info.size,
        contentType: typeof contentType === "string" ? contentType : DEFAULT_CONTENT_TYPE,
      };
    } catch (error) {
      if (NOT_FOUND_CODES.has(errorCode(error) ?? "")) return null;
      throw storageError(error);
    }
  }

  /**
   * A stream of unknown length goes to a temp file first: given no size, the client would
   * assume 5 TiB and buffer parts of over 500 MB in memory.
   */
  async function putSpooled(
    key: string,
    body: ObjectBody,
    metadata: Record<string, string>,
  ): Promise<{ size: number }> {
    const directory = await mkdtemp(path.join(os.tmpdir(), "s3-upload-"));
    try {
      const file = path.join(directory, "body");
      const counter = byteCounter(undefined);
      await streamPipeline(
        toNodeReadable(body),
        counter,
        createWriteStream(file, { flags: "wx", mode: 0o600 }),
      );
      await client.putObject(bucket, key, createReadStream(file), counter.bytes(), metadata);
      return { size: counter.bytes() };
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  return {
    driver: "s3",
    bucket,

    async ensureBucket() {
      try {
        if (await client.bucketExists(bucket)) return;
        await client.makeBucket(bucket, region);
      } catch (error) {
        const code = errorCode(error);
        if (code === "BucketAlreadyOwnedByYou" || code === "BucketAlreadyExists") return;
        throw storageError(error);
      }
    },

    async putObject(key, body, { contentType, contentLength }) {
      assertValidKey(key);
      const metadata = { "Content-Type": assertValidContentType(contentType) };
      const declared = assertValidContentLength(contentLength);
      try {
        if (body instanceof Uint8Array) {
          assertDeclaredLength(body.byteLength, declared);
          const buffer = Buffer.isBuffer(body)
            ? body
            : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
          await client.putObject(bucket, key, buffer, buffer.byteLength, metadata);
          return { size: buffer.byteLength };
        }
        if (declared === undefined) return await putSpooled(key, body, metadata);
        const counter = byteCounter(declared);
        const counted = pipeline(toNodeReadable(body), counter, () => undefined);
        await client.putObject(bucket, key, counted, declared, metadata);
        return { size: counter.bytes() };
      } catch (error) {
        throw storageError(error);
      }
    },

    async getObject(key, range) {
      assertValidKey(key);
      const info = await stat(key);
      if (!info) throw new AppError("NOT_FOUND", "The file does not exist.");
      const served = range ? resolveByteRange(range, info.size) : null;
      try {
        const readable = served
          ? await client.getPartialObject(bucket, key, served.start, served.end - served.start + 1)
          : await client.getObject(bucket, key);
        const result: StoredObject = {
          stream: toWebStream(readable),
          size: info.size,
          contentType: info.contentType,
          contentLength: served ? served.end - served.start + 1 : info.size,
          range: served,
        };
        return result;
      } catch (error) {
        if (NOT_FOUND_CODES.has(errorCode(error) ?? ""))
          throw new AppError("NOT_FOUND", "The file does not exist.");
        throw storageError(error);
      }
    },

    async statObject(key) {
      return stat(assertValidKey(key));
    },

    async deleteObjects(keys) {
      const names = keys.map(assertValidKey);
      if (names.length === 0) return;
      let results: Awaited<ReturnType<Client["removeObjects"]>>;
      try {
        // Multi-object delete: S3 reports missing keys as deleted, so this is idempotent.
        results = await client.removeObjects(bucket, names);
      } catch (error) {
        throw storageError(error);
      }
      const failed = results.find((result) => result?.Error && result.Error.Code !== "NoSuchKey");
      if (failed?.Error) {
        throw new Error(
          `Could not delete ${failed.Error.Key ?? "an object"}: ${failed.Error.Code ?? "unknown error"}`,
        );
      }
    },

    async presignGet(key, { expiresInSeconds, downloadFileName, issuedAt }) {
      assertValidKey(key);
      const responseHeaders: Record<string, string> = {};
      if (downloadFileName !== undefined) {
        responseHeaders["response-content-disposition"] = attachmentContentDisposition(
          assertValidDownloadFileName(downloadFileName),
        );
      }
      return presigner.presignedGetObject(
        bucket,
        key,
        assertValidExpiry(expiresInSeconds),
        responseHeaders,
        issuedAt ?? new Date(),
      );
    },

    async presignPut(key, { expiresInSeconds, contentTypes }) {
      assertValidKey(key);
      // A presigned PUT signs only the host: S3 stores whatever type the uploader sends, nothing
      // caps the size, and the URL cannot be revoked. Upload flows therefore PUT to a key nothing
      // reads and copyObject the checked bytes to the served key (docs/storage.md, "Write once").
      contentTypes.forEach(assertValidContentType);
      return presigner.presignedPutObject(bucket, key, assertValidExpiry(expiresInSeconds));
    },

    async copyObject(fromKey, toKey, { contentType }) {
      assertValidKey(fromKey);
      assertValidKey(toKey);
      try {
        await client.copyObject(
          new CopySourceOptions({ Bucket: bucket, Object: fromKey }),
          new CopyDestinationOptions({
            Bucket: bucket,
            Object: toKey,
            MetadataDirective: "REPLACE",
            Headers: { "Content-Type": assertValidContentType(contentType) },
          }),
        );
      } catch (error) {
        if (NOT_FOUND_CODES.has(errorCode(error) ?? ""))
          throw new AppError("NOT_FOUND", "The file does not exist.");
        throw storageError(error);
      }
    },
  };
}
