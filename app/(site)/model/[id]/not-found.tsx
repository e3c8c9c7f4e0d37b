import { NotFoundView } from "@/components/layout/not-found-view";

/** Missing post, a post without attachments, or one the visitor may not see. */
export default function ProjectNotFound() {
  return <NotFoundView />;
}
