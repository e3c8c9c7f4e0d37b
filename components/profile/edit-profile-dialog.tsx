"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { errorText, fieldA11y, FormField } from "@/components/auth/form-field";
import { useSession } from "@/components/auth/session-provider";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogFormFooter } from "@/components/ui/dialog-form-footer";
import { Input } from "@/components/ui/input";
import { FieldError, FieldHint } from "@/components/ui/label";
import { updateUser } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/client";
import { cn } from "@/lib/utils/cn";
import { isHttpUrl, PROFILE_PHOTO_EXTENSIONS, profilePhotoProblems } from "@/lib/validation/auth";
import type { SessionUser } from "@/lib/validation/session";
import { updateUserFieldsSchema } from "@/lib/validation/users";

const detailsSchema = updateUserFieldsSchema.pick({ firstname: true, lastname: true, website: true });
type DetailsValues = z.input<typeof detailsSchema>;
type Privacy = SessionUser["privacy"];

const PRIVACY_LABELS: { key: keyof Privacy; label: string }[] = [
  { key: "firstname", label: "Show my first name" },
  { key: "lastname", label: "Show my last name" },
  { key: "email", label: "Show my e-mail address" },
  { key: "website", label: "Show my website" },
];

export type EditableProfile = {
  firstname: string;
  lastname: string;
  website: string | null;
  profilePicture: string | null;
  privacy: Privacy;
};

/** Edit Profile: names 2-50, picture (file or URL), website, and the four privacy switches. */
export function EditProfileDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: EditableProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const session = useSession();
  const [privacy, setPrivacy] = useState<Privacy>(profile.privacy);
  const [pictureMode, setPictureMode] = useState<"file" | "url">("file");
  const [pictureFile, setPictureFile] = useState<File | null>(null);
  const [pictureUrl, setPictureUrl] = useState("");
  const [pictureError, setPictureError] = useState<string | undefined>();
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      firstname: profile.firstname,
      lastname: profile.lastname,
      website: profile.website ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  function newPicture(): File | string | undefined | null {
    if (pictureMode === "file") return pictureFile ?? undefined;
    const url = pictureUrl.trim();
    if (url === "") return undefined;
    return isHttpUrl(url) ? url : null;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const picture = newPicture();
    if (picture === null) {
      setPictureError("Please enter a valid URL");
      return;
    }
    try {
      await updateUser({
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        website: values.website?.trim() ?? "",
        privacy,
        profilePicture: picture,
      });
      toast.success("Profile updated successfully");
      onOpenChange(false);
      setPictureFile(null);
      setPictureUrl("");
      await session.refresh();
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          if (issue.path === "firstname" || issue.path === "lastname" || issue.path === "website") {
            form.setError(issue.path, { message: issue.message });
          } else if (issue.path === "profilePicture") {
            setPictureError(issue.message);
          }
        }
      }
      toast.error("Failed to update profile", { description: errorText(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Profile" size="lg">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="edit-firstname" label="First name" required error={errors.firstname?.message}>
              <Input
                autoComplete="given-name"
                {...fieldA11y("edit-firstname", errors.firstname?.message)}
                {...form.register("firstname")}
              />
            </FormField>
            <FormField id="edit-lastname" label="Last name" required error={errors.lastname?.message}>
              <Input
                autoComplete="family-name"
                {...fieldA11y("edit-lastname", errors.lastname?.message)}
                {...form.register("lastname")}
              />
            </FormField>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium text-ink">Profile picture</legend>
            <div
              role="radiogroup"
              aria-label="Picture source"
              className="flex gap-1 rounded-lg bg-surface-muted p-1 text-sm"
            >
              {(["file", "url"] as const).map((mode) => (
                <button
                  key={mode}
                  type="button"
                  role="radio"
                  aria-checked={pictureMode === mode}
                  onClick={() => {
                    setPictureMode(mode);
                    setPictureError(undefined);
                  }}
                  className={cn(
                    "flex-1 rounded-md px-3 py-1.5 font-medium transition-colors",
                    pictureMode === mode
                      ? "bg-surface text-ink shadow-card"
                      : "text-ink-muted hover:text-ink",
                  )}
                >
                  {mode === "file" ? "Upload a file" : "Use a URL"}
                </button>
              ))}
            </div>
            {pictureMode === "file" ? (
              <input
                type="file"
                aria-label="Profile picture file"
                accept={PROFILE_PHOTO_EXTENSIONS.map((extension) => `.${extension}`).join(",")}
                className="text-sm file:mr-3 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium"
                onChange={(event) => {
                  const picked = event.target.files?.[0] ?? null;
                  if (!picked) return;
                  const problems = profilePhotoProblems(picked);
                  if (problems.length > 0) {
                    setPictureError(problems.join(". "));
                    setPictureFile(null);
                    event.target.value = "";
                    return;
                  }
                  setPictureError(undefined);
                  setPictureFile(picked);
                }}
              />
            ) : (
              <Input
                type="url"
                aria-label="Profile picture URL"
                placeholder="https://"
                value={pictureUrl}
                invalid={Boolean(pictureError)}
                onChange={(event) => {
                  setPictureUrl(event.target.value);
                  setPictureError(undefined);
                }}
              />
            )}
            <FieldHint>
              JPEG, JPG, PNG or GIF, up to 5 MB. Leave empty to keep your current picture.
            </FieldHint>
            <FieldError>{pictureError}</FieldError>
          </fieldset>

          <FormField id="edit-website" label="Website" error={errors.website?.message}>
            <Input
              type="url"
              placeholder="https://"
              autoComplete="url"
              {...fieldA11y("edit-website", errors.website?.message)}
              {...form.register("website")}
            />
          </FormField>

          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1.5 text-sm font-medium text-ink">Privacy</legend>
            {PRIVACY_LABELS.map(({ key, label }) => (
              <PrivacySwitch
                key={key}
                label={label}
                checked={privacy[key]}
                onChange={(checked) => setPrivacy((current) => ({ ...current, [key]: checked }))}
              />
            ))}
            <FieldHint>Your username is always shown.</FieldHint>
          </fieldset>

          <DialogFormFooter isSubmitting={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PrivacySwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center justify-between gap-3 rounded-lg px-1 text-sm text-ink">
      {label}
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        onClick={() => onChange(!checked)}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
          checked ? "bg-brand-600" : "bg-line-strong",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow-card transition-transform",
            checked ? "translate-x-5.5" : "translate-x-0.5",
          )}
        />
      </button>
    </label>
  );
}
