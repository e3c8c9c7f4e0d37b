import { NotFoundView } from "@/components/layout/not-found-view";

/** The generic not-found view (not the profile's 'no member' text of the parent segment). */
export default function UnknownAddressNotFound() {
  return <NotFoundView />;
}
