"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { MakeUploadDialogProps } from "./make-upload-dialog";

// The make form (its uploads, ratings and machine choice) loads when 'Upload Make' is first
// pressed, not with the project page.
const MakeUploadDialog = dynamic(() =>
  import("./make-upload-dialog").then((module) => module.MakeUploadDialog),
);

/** MakeUploadDialog, mounted from its first opening on (so it closes with its animation). */
export function LazyMakeUploadDialog(props: MakeUploadDialogProps) {
  const [wasOpened, setWasOpened] = useState(props.isOpen);
  if (props.isOpen && !wasOpened) setWasOpened(true);
  return wasOpened ? <MakeUploadDialog {...props} /> : null;
}
