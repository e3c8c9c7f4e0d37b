import type { Metadata } from "next";
import { ProjectWizard } from "@/components/wizard/project-wizard";
import { loadWizardOptions } from "../load-wizard-options";

export const metadata: Metadata = { title: "Create a project", robots: { index: false } };

export default async function CreateProjectPage() {
  return <ProjectWizard post={null} options={await loadWizardOptions()} />;
}
