/**
 * A success toast carried across a full page load: kept in sessionStorage (this tab only) until
 * the next page's SiteChrome shows it. For actions that end in `window.location.assign`.
 */
const FLASH_KEY = "cnc.flashToast";

export function flashToastAfterLoad(message: string): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // Storage may be off (private mode): the page still loads, without the toast.
  }
}

/** The waiting message, removed so it shows once; null when there is none. */
export function takeFlashToast(): string | null {
  try {
    const message = window.sessionStorage.getItem(FLASH_KEY);
    if (message !== null) window.sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
