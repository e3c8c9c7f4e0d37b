/** The project wizard's steps (accounts spec §2), light enough for any card to import. */
export const WIZARD_STEPS = [
  "Basic Details",
  "Supported Machines",
  "Model Upload",
  "Model Tool Mapping",
  "Media Upload",
  "Job Setup Details",
  "License Details",
  "Post Status",
] as const;
export const LAST_STEP = WIZARD_STEPS.length;

/**
 * The wizard address that resumes a draft where its author stopped (posts.current_page), or opens
 * step 1 of a post that is not a draft. A draft never resumes on the last step, which would submit it.
 */
export function editProjectHref(postId: string, draftStep?: number | null): string {
  const step = draftStep ? Math.min(Math.max(Math.trunc(draftStep), 1), LAST_STEP - 1) : 1;
  return `/project/edit/${postId}?page=${step}&edit=true`;
}
