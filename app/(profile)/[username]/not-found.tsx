import { NotFoundView } from "@/components/layout/not-found-view";

export default function ProfileNotFound() {
  return (
    <NotFoundView text="There is no member with this username. Check the spelling or browse projects instead." />
  );
}
