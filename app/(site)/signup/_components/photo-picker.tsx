"use client";

import { useEffect, useId, useMemo, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { FieldError, FieldHint } from "@/components/ui/label";
import { PROFILE_PHOTO_EXTENSIONS, profilePhotoProblems } from "@/lib/validation/auth";

/** Optional profile photo for sign-up: jpeg, jpg, png or gif up to 5 MB, previewed. */
export function PhotoPicker({
  file,
  onChange,
  name,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  name: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);

  // The object URL holds the file in memory until revoked.
  useEffect(() => {
    if (preview === null) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <div className="flex items-center gap-4">
      <Avatar src={preview} name={name || "?"} alt="" size="xl" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Profile photo <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <div className="flex min-w-0 items-center gap-2">
          <input
            id={id}
            type="file"
            accept={PROFILE_PHOTO_EXTENSIONS.map((extension) => `.${extension}`).join(",")}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            className="w-full max-w-56 min-w-0 text-sm file:mr-3 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              if (!picked) return;
              const problems = profilePhotoProblems(picked);
              if (problems.length > 0) {
                setError(problems.join(". "));
                event.target.value = "";
                return;
              }
              setError(undefined);
              onChange(picked);
            }}
          />
          {file ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              Remove
            </Button>
          ) : null}
        </div>
        <FieldHint id={`${id}-hint`}>JPEG, JPG, PNG or GIF, up to 5 MB.</FieldHint>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    </div>
  );
}
