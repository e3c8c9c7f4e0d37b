import type { ExternalToast } from "sonner";

// sonner is imported with the first toast (and by the Toaster after hydration, toaster.tsx), not
// with every page's first scripts. A toast shown before the Toaster is there is not
// lost: the Toaster replays the active toasts when it subscribes.
const sonner = () => import("sonner");

type Kind = "success" | "error" | "warning";

function show(kind: Kind) {
  return (message: string, options?: ExternalToast): void => {
    void sonner().then(({ toast }) => toast[kind](message, options));
  };
}

/** sonner's toast calls the app uses, with the library imported on the first one. */
export const toast = { success: show("success"), error: show("error"), warning: show("warning") };
