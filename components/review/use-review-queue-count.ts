"use client";

import { useEffect, useState } from "react";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { listReviewPostsEndpoint } from "@/lib/validation/review";
import { onReviewDecision } from "./review-events";

/** How many projects wait for review (staff only; null until known, or when not asked). */
export function useReviewQueueCount(isEnabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!isEnabled) return;
    let isCurrent = true;
    const refresh = () =>
      callEndpoint(listReviewPostsEndpoint, { query: { page: 1, limit: 1 } })
        .then((data) => {
          if (isCurrent) setCount(data.pagination.total);
        })
        .catch(() => undefined);
    void refresh();
    const unsubscribe = onReviewDecision(() => void refresh());
    return () => {
      isCurrent = false;
      unsubscribe();
    };
  }, [isEnabled]);
  return isEnabled ? count : null;
}
