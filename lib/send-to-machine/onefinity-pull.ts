/**
 * The Onefinity "pull" (docs/send-to-machine.md). A Onefinity controller answers no CORS, so no
 * other page may upload to it; a script running on the controller's own page may. This script
 * fetches a send link (a signed, 10-minute file link that answers any origin without cookies)
 * and uploads what it got with `PUT /api/file/{name}` on the page's own origin, which is the
 * upload that selects the file. Upload only: it never calls the start endpoint or anything that moves
 * the machine (tests/unit/send-to-machine.test.ts scans this file too).
 *
 * Written as plain source text, not a compiled function, so what the user saves or pastes is
 * exactly what is reviewed here.
 */
export const ONEFINITY_UPLOAD_PREFIX = "/api/file/";

/** The script's body: `link` is a JSON string literal, or null to ask the user for one. */
function pullSource(linkLiteral: string | null): string {
  const askLink = linkLiteral ?? 'prompt("Paste the send link from the project page")';
  return [
    "(async () => {",
    `const link = ${askLink};`,
    "if (!link) return;",
    "try {",
    'const file = await fetch(link, { credentials: "omit" });',
    "if (!file.ok) {",
    'let reason = "";',
    'try { reason = (await file.json()).errorMessage || ""; } catch (ignored) {}',
    'alert("The site refused the send link: " + (reason || file.status));',
    "return;",
    "}",
    'const name = decodeURIComponent(file.headers.get("X-File-Name") || "job.nc");',
    `const put = await fetch("${ONEFINITY_UPLOAD_PREFIX}" + encodeURIComponent(name), { method: "PUT", body: await file.blob() });`,
    "if (put.ok) {",
    'alert("Sent " + name + " to this controller. It is selected, not started: check it and start it on the controller.");',
    "} else {",
    'alert("The controller refused the file: " + put.status + " " + (await put.text()));',
    "}",
    "} catch (error) {",
    'alert("Could not send the file: " + (error && error.message ? error.message : error));',
    "}",
    "})();",
  ].join("\n");
}

/** The bookmarklet the user saves once: run on the controller's page, it asks for the link. */
export function onefinityBookmarklet(): string {
  return `javascript:${encodeURIComponent(pullSource(null))}`;
}

/** What to paste into the console of the controller's page for one send: the link is in it. */
export function onefinityConsoleSnippet(link: string): string {
  return pullSource(JSON.stringify(link));
}

/** The script that asks for the link (the bookmarklet's source, decoded). */
export function onefinityPromptingScript(): string {
  return pullSource(null);
}
