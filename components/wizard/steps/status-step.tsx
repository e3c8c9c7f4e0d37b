"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { StepErrors } from "../wizard-types";

/** The spec's upload processing time-out. */
const PROCESSING_TIMEOUT_MS = 5 * 60 * 1000;

/** Step 8: submits, then 'Processing' until the server answers, then the review notice. */
export function StatusStep({ submit, errors }: { submit: () => Promise<boolean>; errors: StepErrors }) {
  const [state, setState] = useState<"processing" | "done" | "failed">("processing");
  const [isSlow, setSlow] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const timer = setTimeout(() => setSlow(true), PROCESSING_TIMEOUT_MS);
    void submit().then((ok) => {
      clearTimeout(timer);
      setState(ok ? "done" : "failed");
    });
    return () => clearTimeout(timer);
  }, [submit]);

  if (state === "processing") {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center" role="status">
        <Spinner size="lg" />
        <h2 className="text-xl font-semibold text-ink">Processing</h2>
        <p className="text-ink-muted">Please wait</p>
        {isSlow ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-ink">Processing is taking longer than expected</p>
            <Button type="button" variant="secondary" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  if (state === "failed") {
    const messages = [...new Set(Object.values(errors))];
    return (
      <div className="flex flex-col gap-3 py-6" role="alert">
        <h2 className="text-xl font-semibold text-ink">Please fix the errors before continuing.</h2>
        <ul className="list-disc pl-5 text-sm text-red-700">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        <p className="text-sm text-ink-muted">Use the step dots above to go back to a step.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" role="status">
      <h2 className="text-2xl font-semibold text-ink">
        Congratulations!! Project has been submitted for Review
      </h2>
      <p className="text-ink-muted">Your project will be published once the review is done.</p>
    </div>
  );
}
