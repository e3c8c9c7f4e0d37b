/// <reference lib="webworker" />
// SHA-256 of a file off the main thread (hash-file.ts): a 50 MB model must not freeze the wizard.
// The digest needs the whole file in memory once; models are capped at 100 MB by the server.
self.onmessage = async (event: MessageEvent<{ id: string; file: File }>) => {
  const { id, file } = event.data;
  try {
    const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
    const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    self.postMessage({ id, hash });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : "Could not read the file" });
  }
};
