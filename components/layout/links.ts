/** External addresses used across the site, kept in one place. */

/** The machine brand's own website. */
export const BRAND_SITE_URL = "https://onefinitycnc.com";
export const BRAND_NAME = "Onefinity CNC";

/** 'News': the external feedback and changelog site. Placeholder until its own address exists. */
export const NEWS_URL = "https://onefinitycnc.com";

/** Where people write about their data and account (privacy policy). */
export const CONTACT_EMAIL = "support@onefinitycnc.com";

export const SITE_NAME = "CNC Projects";

/** Attributes for links that leave the site in a new tab. */
export const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;
