import type { ReactNode } from "react";
import SiteLayout from "../(site)/layout";

/**
 * Profiles (`/{username}`) get the site's chrome from the (site) group's layout, but not its
 * loading screen: with no Suspense fallback above the page, the answer starts only once the page
 * knows whether the member exists, so an unknown username is a real 404 (as a missing project is
 * for visitors, ADR 017), not a 200 with `noindex` (ADR 026). The project grid below the cards
 * still streams behind its own skeletons.
 */
export default function ProfileLayout({ children }: { children: ReactNode }) {
  return <SiteLayout>{children}</SiteLayout>;
}
