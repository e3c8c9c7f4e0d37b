import type { Metadata } from "next";
import { NotFoundView } from "@/components/layout/not-found-view";
import { SiteLogo } from "@/components/layout/site-logo";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center border-b border-line bg-surface px-4 sm:px-6 lg:px-8">
        <SiteLogo />
      </header>
      <main className="flex flex-1 items-center justify-center">
        <NotFoundView />
      </main>
    </div>
  );
}
