import { WizardSkeleton } from "../../_components/wizard-skeleton";

export default function Loading() {
  return <WizardSkeleton />;
}
