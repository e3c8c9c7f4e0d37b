"use client";

import { useState } from "react";
import type { z } from "zod";

/**
 * A form's submit checked by the API's own schema: the first issue's message when the values do
 * not pass, otherwise `send` with the parsed values; a thrown error becomes the problem shown.
 * The schema may come from a loader, so that zod stays out of the first load.
 */
export function useCheckedSubmit<T>({
  schema,
  invalidText,
  describeError,
  send,
}: {
  schema: () => z.ZodType<T> | Promise<z.ZodType<T>>;
  invalidText: string;
  describeError: (error: unknown) => string;
  send: (values: T) => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(values: unknown) {
    const parsed = (await schema()).safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? invalidText);
      return;
    }
    setProblem(null);
    setIsSubmitting(true);
    try {
      await send(parsed.data);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setIsSubmitting(false);
    }
  }

  return { problem, isSubmitting, submit };
}
