import type { PGlite } from "@electric-sql/pglite";

/**
 * Why this exists (ADR 015): pglite-socket multiplexes every client connection onto
 * PGlite's one session and queues their protocol messages one message at a time. node-postgres
 * sends a parameterised query as Parse, Bind, Describe, Execute, Sync; with two connections busy
 * at once their messages interleave, so one connection's Bind meets the other's unnamed statement
 * ("bind message supplies 1 parameters, but prepared statement "" requires 4", "portal "" does not
 * exist"), and a named statement prepared by one connection collides with the same name from
 * another. The library also leaves its queue marked busy after a failed message, so the server
 * then stops answering until a restart.
 *
 * This replaces the queue's scheduling (pinned to pglite-socket 0.2.17, whose internals it relies
 * on; tests/api run the suite against the embedded server to catch a change): once a connection
 * starts an extended-protocol batch, only its messages run until its Sync, as the library already
 * does for open transactions; a failed message rejects that message only; a connection that goes
 * away mid-batch releases it.
 */

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

/** The private shape of pglite-socket 0.2.17's QueryQueueManager that this module drives. */
interface QueueInternals {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** Messages after which the connection is between units of work (startup messages begin with a 0 length byte). */
function endsUnitOfWork(message: Uint8Array): boolean {
  const type = message[0];
  return type === SYNC || type === SIMPLE_QUERY || type === TERMINATE || type === 0;
}

export function serialiseProtocolBatches(queryQueue: unknown): void {
  const queue = queryQueue as QueueInternals;
  if (!Array.isArray(queue.queue) || typeof queue.processQueue !== "function") {
    throw new Error("pglite-socket's query queue changed shape: review lib/db/embedded-queue.ts");
  }
  let batchOwner: number | null = null;

  queue.processQueue = async function processQueue(this: QueueInternals): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner =
          this.db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : batchOwner;
        let item: QueuedMessage | undefined;
        if (owner === null) {
          item = this.queue.shift();
        } else {
          const index = this.queue.findIndex((queued) => queued.handlerId === owner);
          // The owner's next message has not arrived yet: wait for it (enqueue calls us again).
          if (index === -1) break;
          item = this.queue.splice(index, 1)[0];
        }
        if (!item) break;
        const current = item;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          batchOwner = null;
          current.reject(error);
          continue;
        }
        batchOwner = endsUnitOfWork(current.message) ? null : current.handlerId;
        this.lastHandlerId = current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clearQueueForHandler(handlerId);
    if (batchOwner === handlerId) {
      batchOwner = null;
      void queue.processQueue();
    }
  };
}
