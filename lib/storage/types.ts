import "server-only";

/**
 * One interface over the two storage drivers (docs/storage.md). Keys are relative paths such as
 * `posts/<uuid>/models/<hash>-file.nc`, checked by `assertValidKey` (./keys.ts) in every method.
 */
export type StorageDriver = "local" | "s3";

/** A whole body in memory, or a Node stream (e.g. `fs.createReadStream`, `Readable.from(...)`). */
export type ObjectBody = Buffer | Uint8Array | NodeJS.ReadableStream;

export interface PutObjectOptions {
  contentType: string;
  /** When given, the body must have exactly this many bytes (else AppError VALIDATION). */
  contentLength?: number;
}

/** Inclusive byte positions, as in HTTP: `{ start: 0, end: 0 }` is the first byte. */
export interface ByteRange {
  start: number;
  /** Omitted: to the end. Past the end: clamped to the last byte. */
  end?: number;
}

export interface ObjectInfo {
  /** Bytes in the whole object. */
  size: number;
  contentType: string;
}

export interface StoredObject extends ObjectInfo {
  /**
   * A web stream (what `new Response(stream)` takes). Read it to the end or cancel it: either
   * releases the file handle or connection behind it.
   */
  stream: ReadableStream<Uint8Array>;
  /** Bytes in `stream`: `size` without a range, `end - start + 1` with one. */
  contentLength: number;
  /** The range served, clamped to the object; null when the whole object is served. */
  range: { start: number; end: number } | null;
}

export interface PresignGetOptions {
  expiresInSeconds: number;
  /** Makes the URL answer `Content-Disposition: attachment` with this name. */
  downloadFileName?: string;
  /** When the URL counts as signed (default now); the same time gives the same URL (stableReadUrl). */
  issuedAt?: Date;
}

export interface PresignPutOptions {
  expiresInSeconds: number;
  /**
   * The media types the uploader may declare: browsers and tools send different ones for the same
   * file (a `.gcode` as nothing, `text/plain`, `application/octet-stream` or `text/x-gcode`). The
   * first is the one to send (a local URL names it as `contentType`) and is stored when the request
   * declares none. The type a file is served with is decided from
   * its bytes when it is copied to its final key (`copyObject`).
   */
  contentTypes: readonly [string, ...string[]];
  /** The most bytes the URL accepts (the local driver refuses more; S3 cannot, the confirm step checks). */
  maxBytes?: number;
}

export interface CopyObjectOptions {
  /** The type the copy is stored and served with. */
  contentType: string;
}

export interface ObjectStorage {
  readonly driver: StorageDriver;
  /** Creates or replaces the object; readers see the old or the new object, never a part. */
  putObject(key: string, body: ObjectBody, options: PutObjectOptions): Promise<{ size: number }>;
  /** Throws AppError NOT_FOUND when the object does not exist, VALIDATION for a range past the end. */
  getObject(key: string, range?: ByteRange): Promise<StoredObject>;
  statObject(key: string): Promise<ObjectInfo | null>;
  /** Missing keys are not an error. Every key is validated before anything is deleted. */
  deleteObjects(keys: readonly string[]): Promise<void>;
  /** An absolute URL that answers GET (and HEAD) with the object until it expires. */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  /**
   * An absolute URL that accepts a `PUT` of the object's bytes until it expires. The local driver
   * takes only the first successful PUT; an S3 URL cannot be revoked, so upload flows PUT to a key
   * nothing reads and `copyObject` the checked bytes to where they are served.
   */
  presignPut(key: string, options: PresignPutOptions): Promise<string>;
  /** Copies an object to another key with a new content type (NOT_FOUND when the source is missing). */
  copyObject(fromKey: string, toKey: string, options: CopyObjectOptions): Promise<void>;
}
