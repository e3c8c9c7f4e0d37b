import { Skeleton } from "@/components/ui/skeleton";

/** The wizard's frame while its page loads: header, step dots, a card of fields, the footer. */
export function WizardSkeleton() {
  return (
    <div className="flex min-h-dvh flex-col" aria-busy="true" aria-label="Loading the project wizard">
      <div className="border-b border-line bg-surface">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between px-4">
          <Skeleton className="h-7 w-36" />
          <Skeleton className="size-8 rounded-full" />
        </div>
        <div className="mx-auto flex max-w-4xl justify-between px-4 pb-4">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="size-8 rounded-full" />
          ))}
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
        <div className="flex flex-col gap-5 rounded-xl border border-line bg-surface p-4 sm:p-6">
          <Skeleton className="h-7 w-48" />
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="flex flex-col gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
