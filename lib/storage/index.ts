import "server-only";
import path from "node:path";
import { getAuthSecret } from "@/lib/auth/secret";
import { env, type Env } from "@/lib/env";
import { createLocalStorage, type LocalObjectStorage } from "./local";
import { createS3Storage, type S3ObjectStorage } from "./s3";

/** Either driver; `driver` tells them apart (the /files route needs the local one's verifier). */
export type AppStorage = LocalObjectStorage | S3ObjectStorage;

type StorageEnv = Pick<
  Env,
  | "STORAGE_DRIVER"
  | "STORAGE_LOCAL_DIR"
  | "DATA_DIR"
  | "PUBLIC_BASE_URL"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY"
  | "S3_SECRET_KEY"
  | "S3_BUCKET"
  | "S3_PUBLIC_ENDPOINT"
>;

/** STORAGE_LOCAL_DIR, else `<DATA_DIR>/storage`, as an absolute path. */
export function resolveLocalStorageDir(config: Pick<Env, "STORAGE_LOCAL_DIR" | "DATA_DIR">): string {
  return path.resolve(
    /*turbopackIgnore: true*/ config.STORAGE_LOCAL_DIR ?? path.join(config.DATA_DIR, "storage"),
  );
}

export function createStorage(config: StorageEnv, signingSecret: () => string = getAuthSecret): AppStorage {
  if (config.STORAGE_DRIVER === "local") {
    return createLocalStorage({
      rootDir: resolveLocalStorageDir(config),
      publicBaseUrl: config.PUBLIC_BASE_URL,
      signingSecret: signingSecret(),
    });
  }
  const { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET } = config;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY || !S3_SECRET_KEY || !S3_BUCKET) {
    throw new Error("STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY and S3_BUCKET");
  }
  return createS3Storage({
    endpoint: S3_ENDPOINT,
    region: config.S3_REGION,
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    bucket: S3_BUCKET,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
  });
}

let storage: AppStorage | undefined;

/** One storage per process, built from env() on first use. */
export function getStorage(): AppStorage {
  storage ??= createStorage(env());
  return storage;
}

/** For tests that change the environment between cases (call resetEnvCache() too). */
export function resetStorage(): void {
  storage = undefined;
}

/** Start-up step: creates the S3 bucket when missing (the local driver creates its folders on first write). */
export async function prepareStorage(): Promise<void> {
  const current = getStorage();
  if (current.driver === "s3") await current.ensureBucket();
}
