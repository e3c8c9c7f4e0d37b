import type { ReactNode } from "react";
import { SiteLogo } from "./site-logo";

/** The frame of a page outside the site's chrome (the root not-found and error screens): the logo over a centred body. */
export function BarePage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center border-b border-line bg-surface px-4 sm:px-6 lg:px-8">
        <SiteLogo />
      </header>
      <main className="flex flex-1 items-center justify-center">{children}</main>
    </div>
  );
}
