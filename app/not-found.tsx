import type { Metadata } from "next";
import { BarePage } from "@/components/layout/bare-page";
import { NotFoundView } from "@/components/layout/not-found-view";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <BarePage>
      <NotFoundView />
    </BarePage>
  );
}
