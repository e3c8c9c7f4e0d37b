/// <reference lib="webworker" />
// SHA-256 of a file off the main thread: a 50 MB model must not freeze the wizard.
self.onmessage = async (event: MessageEvent<{ id: string; file: File }>) => {
  const { id, file } = event.data;
  try {
    const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
    const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    self.postMessage({ id, hash: hex });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : "Could not read the file" });
  }
};
