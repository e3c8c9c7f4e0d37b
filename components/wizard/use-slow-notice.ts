"use client";

import { useEffect, useState } from "react";

/** The spec's upload processing time-out (§9): after it, the wizard offers a refresh. */
export const PROCESSING_TIMEOUT_MS = 5 * 60 * 1000;

/** True once `isWorking` has stayed true for the time-out; false again when the work ends. */
export function useSlowNotice(isWorking: boolean, timeoutMs = PROCESSING_TIMEOUT_MS): boolean {
  const [isSlow, setSlow] = useState(false);
  const [wasWorking, setWasWorking] = useState(isWorking);
  // A finished piece of work forgets its slowness (React's "adjust state when a prop changes").
  if (wasWorking !== isWorking) {
    setWasWorking(isWorking);
    if (!isWorking) setSlow(false);
  }
  useEffect(() => {
    if (!isWorking) return;
    const timer = setTimeout(() => setSlow(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [isWorking, timeoutMs]);
  return isWorking && isSlow;
}
