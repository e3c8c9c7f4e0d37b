import "server-only";
import { listCategories } from "@/lib/services/taxonomy/list-categories";
import { listTags } from "@/lib/services/taxonomy/list-tags";
import type { WizardOptions } from "@/components/wizard/wizard-types";

/** The lists the wizard's selects offer, loaded with the page. */
export async function loadWizardOptions(): Promise<WizardOptions> {
  const [categories, tags] = await Promise.all([
    listCategories({ type: "post" }),
    listTags({ type: "post" }),
  ]);
  return { categories, tags };
}
