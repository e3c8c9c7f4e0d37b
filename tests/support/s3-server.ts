import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * An S3-compatible server (s3rver) on 127.0.0.1 for the s3 driver's tests.
 *
 * s3rver does NOT verify SigV4 signatures (it accepts any V4-signed request from a known access
 * key), so these tests prove the S3 flow (requests, presigned URLs, headers, ranges), not the
 * authentication: a tampered presigned URL would still work here. The local driver's own tests
 * cover signature checking.
 */
export interface S3TestServer {
  endpoint: string;
  region: string;
  /** s3rver's built-in account; any other key is refused with InvalidAccessKeyId. */
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
}) => S3rverInstance;

// s3rver is CommonJS without type declarations; this is the slice of its API used here.
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

/** Starts s3rver on a free port with its own temp directory; `stop()` closes it and removes the directory. */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, resetOnClose: false });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    accessKey: "S3RVER",
    secretKey: "S3RVER",
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
