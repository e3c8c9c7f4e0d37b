import { ProjectLoadingScreen } from "@/components/project/project-loading-screen";

export default function ProjectPreviewLoading() {
  return <ProjectLoadingScreen />;
}
