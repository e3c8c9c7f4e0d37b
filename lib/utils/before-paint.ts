/** localStorage key remembering that the visitor dismissed the welcome banner (spec name). */
export const HIDE_WELCOME_KEY = "hideWelcomeMessage";

/**
 * Not a credential: "this browser held a session cookie at its last page load". Scripts may read
 * it (the session cookies are httpOnly), so a cached page, the same HTML for everyone, can tell
 * before paint that its viewer is probably signed in and ask who (ADR 019). proxy.ts keeps it in
 * step with the session cookies.
 */
export const MEMBER_HINT_COOKIE = "signed_in";

/** Set on <html> while the member hint says someone may be signed in and the session is not yet known. */
export const MEMBER_HINT_ATTRIBUTE = "data-member-hint";

/** Whether this browser holds the member hint (MEMBER_HINT_COOKIE). */
export function hasMemberHint(): boolean {
  return document.cookie.split("; ").includes(`${MEMBER_HINT_COOKIE}=1`);
}

/** The session is known now (signed in or not): what the hint hid may show (globals.css). */
export function clearMemberHint(): void {
  document.documentElement.removeAttribute(MEMBER_HINT_ATTRIBUTE);
}

/**
 * The one inline script of the root layout (components/layout/before-paint-script.tsx): it runs
 * while the HTML is parsed, before first paint, so a dismissed banner never flashes and a cached
 * page (the same HTML for everyone) does not flash 'Log in' at a member. It carries no nonce (the
 * root layout is shared with the cached pages), so the pages' Content-Security-Policy allows
 * exactly this text by its SHA-256 (lib/http/security-headers.ts): change it in one place only.
 */
export const BEFORE_PAINT_SCRIPT = [
  `try{if(localStorage.getItem(${JSON.stringify(HIDE_WELCOME_KEY)})==="true")document.documentElement.setAttribute("data-hide-welcome","")}catch(e){}`,
  `if(document.cookie.split("; ").indexOf(${JSON.stringify(`${MEMBER_HINT_COOKIE}=1`)})>=0)document.documentElement.setAttribute(${JSON.stringify(MEMBER_HINT_ATTRIBUTE)},"")`,
].join("");
