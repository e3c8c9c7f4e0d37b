import { expect, type Page } from "@playwright/test";

type ToastWindow = Window & { __toasts?: string[] };

/**
 * Records the text of every toast that renders (install with `context.addInitScript`). The spec's
 * toasts last 1000 ms, shorter than Playwright's polling interval and than a slow save that
 * follows one, so tests read what was shown instead of racing its removal.
 */
export function recordToasts() {
  const seen: string[] = [];
  const recorded = new WeakSet<Element>();
  (window as ToastWindow).__toasts = seen;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
      const text = toast.textContent ?? "";
      if (recorded.has(toast) || text === "") continue;
      recorded.add(toast);
      seen.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Waits for a toast containing `text` (or matching it), then forgets it and every toast before it. */
export async function expectToast(page: Page, text: string | RegExp, timeout = 30_000) {
  const wanted: { text: string | null; source: string; flags: string } =
    typeof text === "string"
      ? { text, source: "", flags: "" }
      : { text: null, source: text.source, flags: text.flags };
  await expect
    .poll(
      () =>
        page
          .evaluate((match) => {
            const seen = (window as ToastWindow).__toasts ?? [];
            const test = (toast: string) =>
              match.text !== null
                ? toast.includes(match.text)
                : new RegExp(match.source, match.flags).test(toast);
            const index = seen.findIndex(test);
            if (index === -1) return false;
            seen.splice(0, index + 1);
            return true;
          }, wanted)
          .catch(() => false),
      { message: `toast "${String(text)}"`, timeout },
    )
    .toBe(true);
}
