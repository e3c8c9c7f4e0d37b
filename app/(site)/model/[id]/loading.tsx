import { ProjectLoadingScreen } from "@/components/project/project-loading-screen";

/** Shown while a project loads on client navigation (the spec's 'Just a moment!' screen). */
export default function ProjectLoading() {
  return <ProjectLoadingScreen />;
}
