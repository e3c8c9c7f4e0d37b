/**
 * SHA-256 of a picked file, computed in a Web Worker (hash.worker.ts) so a 50 MB model does not
 * freeze the page. One worker serves the whole wizard; answers are matched by id.
 */

type Waiting = { resolve: (hash: string) => void; reject: (error: Error) => void };
type Answer = { id: string; hash?: string; error?: string };

let worker: Worker | null = null;
const waiting = new Map<string, Waiting>();

function hashWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL("./hash.worker.ts", import.meta.url));
  created.onmessage = (event: MessageEvent<Answer>) => {
    const entry = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if (!entry) return;
    if (event.data.hash) entry.resolve(event.data.hash);
    else entry.reject(new Error(event.data.error ?? "Could not read the file"));
  };
  // A worker that dies takes its pending files with it; the next file starts a fresh one.
  created.onerror = () => {
    for (const entry of waiting.values()) entry.reject(new Error("Could not read the file"));
    waiting.clear();
    created.terminate();
    worker = null;
  };
  worker = created;
  return created;
}

export function hashFile(file: File): Promise<string> {
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    hashWorker().postMessage({ id, file });
  });
}
