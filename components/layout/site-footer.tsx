import Link from "next/link";
import { ExternalLinkIcon } from "@/components/ui/icons";
import { Container } from "./container";
import { BRAND_NAME, BRAND_SITE_URL, NEWS_URL, externalLinkProps } from "./links";
import { LogoMark } from "./site-logo";

const linkClasses =
  "inline-flex items-center gap-1 rounded text-sm text-ink-muted underline-offset-4 transition-colors hover:text-ink hover:underline";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <Container className="flex flex-col gap-6 py-8 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <LogoMark className="size-7" />
          <p className="text-sm text-ink-muted">
            <span className="font-semibold text-ink">CNC Projects</span>: designs shared by makers, for
            makers.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <li>
              <Link href="/privacyPolicy" className={linkClasses}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <a href={NEWS_URL} {...externalLinkProps} className={linkClasses}>
                News
                <ExternalLinkIcon className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={BRAND_SITE_URL} {...externalLinkProps} className={linkClasses}>
                {BRAND_NAME}
                <ExternalLinkIcon className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </Container>
    </footer>
  );
}
