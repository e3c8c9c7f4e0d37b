import type { Metadata } from "next";
import { ProjectWizard } from "../_components/project-wizard";
import { loadWizardOptions } from "../_components/load-wizard-options";

export const metadata: Metadata = { title: "Create a project", robots: { index: false } };

export default async function CreateProjectPage() {
  return <ProjectWizard post={null} options={await loadWizardOptions()} />;
}
