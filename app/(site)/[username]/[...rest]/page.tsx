import { notFound } from "next/navigation";

/**
 * Any address of two or more segments that no other route takes. Without it such addresses got
 * Next's prerendered `/_not-found` page, which, being static, carries no CSP nonce and cannot run
 * its scripts under the pages' policy (issue 19, ADR 014); rendered here, per request, it does.
 */
export default function UnknownAddress(): never {
  notFound();
}
