"use client";

import { BarePage } from "./bare-page";
import { ErrorView, type ErrorViewProps } from "./error-view";

/** The page-level error screen (app/error.tsx): the logo over the error view. */
export function ErrorScreen(props: ErrorViewProps) {
  return (
    <BarePage>
      <ErrorView {...props} />
    </BarePage>
  );
}
