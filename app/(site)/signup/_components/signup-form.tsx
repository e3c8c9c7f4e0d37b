"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { openAuthDialog, openAuthDialogAcrossLoad } from "@/components/auth/auth-dialog-store";
import { errorText, fieldA11y, FormField } from "@/components/auth/form-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { useSession } from "@/components/auth/session-provider";
import { recordOtpSent } from "@/components/auth/use-otp-resend";
import {
  EMPTY_SELECTION,
  MachinePicker,
  type MachinePickerErrors,
  machineSelectionErrors,
} from "@/components/profile/machine-picker";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { completeUserSignup, type MachineSelection, register } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/client";
import { cn } from "@/lib/utils/cn";
import { profileDetailsSchema, signupBasicFormSchema } from "@/lib/validation/auth";
import { PhotoPicker } from "./photo-picker";
import { useUsernameAvailability } from "./use-username-availability";

type SignupValues = z.input<typeof signupBasicFormSchema>;
type FieldName = "username" | "firstname" | "lastname" | "email" | "password" | "confirmPassword";

const STEP_ONE_FIELDS: FieldName[] = [
  "username",
  "firstname",
  "lastname",
  "email",
  "password",
  "confirmPassword",
];
const STEPS = ["Basic Details", "Registration"] as const;

/** Pre-filled details of a Google account whose profile is not complete yet. */
export type SignupCompletion = { email: string; firstname: string; lastname: string };

export function SignupForm({ completion }: { completion: SignupCompletion | null }) {
  const router = useRouter();
  const session = useSession();
  const isCompletion = completion !== null;
  const [step, setStep] = useState<0 | 1>(0);
  const [photo, setPhoto] = useState<File | null>(null);
  const [machines, setMachines] = useState<MachineSelection>(EMPTY_SELECTION);
  const [machineErrors, setMachineErrors] = useState<MachinePickerErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const form = useForm<SignupValues>({
    resolver: (isCompletion
      ? zodResolver(profileDetailsSchema)
      : zodResolver(signupBasicFormSchema)) as unknown as Resolver<SignupValues>,
    mode: "onTouched",
    defaultValues: {
      username: "",
      firstname: completion?.firstname ?? "",
      lastname: completion?.lastname ?? "",
      email: completion?.email ?? "",
      password: "",
      confirmPassword: "",
    },
  });
  const { errors } = form.formState;
  const username = useWatch({ control: form.control, name: "username" }) ?? "";
  const availability = useUsernameAvailability(username);

  // handleSubmit (not trigger) marks the form submitted, so a shown error clears as the user types.
  const onNext = form.handleSubmit(() => {
    if (availability === "unavailable") {
      form.setFocus("username");
      return;
    }
    setStep(1);
    window.scrollTo({ top: 0 });
  });

  function applyServerError(error: unknown): boolean {
    if (!(error instanceof ApiError)) return false;
    let isStepOne = false;
    const pickerErrors: MachinePickerErrors = {};
    for (const issue of error.issues) {
      const field = issue.path.split(".")[0] as string;
      if ((STEP_ONE_FIELDS as string[]).includes(field)) {
        form.setError(field as FieldName, { message: issue.message });
        isStepOne = true;
      } else if (field === "cncBrand" || field === "cncModel" || field === "cncVariant") {
        pickerErrors[field] = issue.message;
      }
    }
    if (error.status === 409 && /username/i.test(error.message)) {
      form.setError("username", { message: error.message });
      isStepOne = true;
    } else if (error.status === 409 && /email/i.test(error.message)) {
      form.setError("email", { message: error.message });
      isStepOne = true;
    }
    setMachineErrors(pickerErrors);
    if (isStepOne) setStep(0);
    return isStepOne || Object.keys(pickerErrors).length > 0;
  }

  async function onSignup() {
    const problems = machineSelectionErrors(machines);
    setMachineErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const values = form.getValues();
    const details = {
      username: values.username.trim(),
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      profilePicture: photo,
    };
    setIsSubmitting(true);
    try {
      if (isCompletion) {
        await completeUserSignup(details, machines);
      } else {
        await register(
          {
            ...details,
            email: values.email.trim(),
            password: values.password,
            confirmPassword: values.confirmPassword,
          },
          machines,
        );
        // Registration mailed the first code: the resend countdown starts now.
        recordOtpSent(0);
      }
      toast.success("Signup successful");
      const user = await session.refresh();
      router.push("/");
      router.refresh();
      if (user && !user.isVerified) openAuthDialogAcrossLoad("otp");
    } catch (error) {
      applyServerError(error);
      toast.error("Signup Failed", { description: errorText(error) });
      setIsSubmitting(false);
    }
  }

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-line px-5 py-5 sm:px-8">
        <h1 className="text-2xl font-bold tracking-tight">
          {isCompletion ? "Complete your profile" : "Create your account"}
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          {isCompletion
            ? "A few more details and you're ready to share projects."
            : "Join the community of makers sharing CNC projects."}
        </p>
        <ol className="mt-5 flex items-center gap-3" aria-label="Sign-up steps">
          {STEPS.map((label, index) => (
            <li
              key={label}
              className="flex items-center gap-2 text-sm"
              aria-current={index === step ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-7 items-center justify-center rounded-full border text-xs font-semibold",
                  index < step && "border-brand-600 bg-brand-600 text-white",
                  index === step && "border-brand-600 text-brand-700",
                  index > step && "border-line-strong text-ink-subtle",
                )}
              >
                {index < step ? <CheckIcon className="size-4" /> : index + 1}
              </span>
              <span className={cn(index === step ? "font-semibold text-ink" : "text-ink-muted")}>
                {label}
              </span>
              {index < STEPS.length - 1 ? (
                <span aria-hidden="true" className="h-px w-8 bg-line sm:w-16" />
              ) : null}
            </li>
          ))}
        </ol>
      </div>

      <form
        noValidate
        className="px-5 py-6 sm:px-8"
        onSubmit={(event) => {
          event.preventDefault();
          void (step === 0 ? onNext() : onSignup());
        }}
      >
        <h2 className="mb-5 text-lg font-semibold">{STEPS[step]}</h2>
        {step === 0 ? (
          <div className="flex flex-col gap-4">
            <PhotoPicker file={photo} onChange={setPhoto} name={username} />
            <FormField
              id="signup-username"
              label="Username"
              required
              error={errors.username?.message}
              hint={<AvailabilityText state={availability} />}
            >
              <Input
                autoComplete="username"
                required
                {...fieldA11y("signup-username", errors.username?.message, true)}
                {...form.register("username")}
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="signup-firstname" label="First name" required error={errors.firstname?.message}>
                <Input
                  autoComplete="given-name"
                  required
                  {...fieldA11y("signup-firstname", errors.firstname?.message)}
                  {...form.register("firstname")}
                />
              </FormField>
              <FormField id="signup-lastname" label="Last name" required error={errors.lastname?.message}>
                <Input
                  autoComplete="family-name"
                  required
                  {...fieldA11y("signup-lastname", errors.lastname?.message)}
                  {...form.register("lastname")}
                />
              </FormField>
            </div>
            <FormField
              id="signup-email"
              label="Email"
              required
              error={errors.email?.message}
              hint={isCompletion ? "Your Google account's address." : undefined}
            >
              <Input
                type="email"
                autoComplete="email"
                required
                readOnly={isCompletion}
                {...fieldA11y("signup-email", errors.email?.message, isCompletion)}
                {...form.register("email")}
              />
            </FormField>
            {isCompletion ? null : (
              <NewPasswordFields
                form={form}
                names={["password", "confirmPassword"]}
                idPrefix="signup"
                className="grid gap-4 sm:grid-cols-2"
              />
            )}
          </div>
        ) : (
          <MachinePicker value={machines} onChange={setMachines} errors={machineErrors} />
        )}

        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          {isCompletion ? (
            <span />
          ) : (
            <p className="text-sm text-ink-muted">
              Already have an account?{" "}
              <button
                type="button"
                onClick={() => openAuthDialog("login")}
                className="rounded font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                login here
              </button>
            </p>
          )}
          <div className="flex gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
            {step === 1 ? (
              <Button variant="secondary" onClick={() => setStep(0)} disabled={isSubmitting}>
                Back
              </Button>
            ) : null}
            {step === 0 ? (
              <Button type="submit">Next</Button>
            ) : (
              <Button type="submit" isLoading={isSubmitting}>
                Signup
              </Button>
            )}
          </div>
        </div>
      </form>
    </Card>
  );
}

function AvailabilityText({ state }: { state: ReturnType<typeof useUsernameAvailability> }) {
  if (state === "idle") return "4 to 15 letters, numbers or underscores, starting with a letter.";
  if (state === "checking") return <span aria-live="polite">Checking availability…</span>;
  if (state === "available")
    return (
      <span aria-live="polite" className="font-medium text-green-700">
        Username is available
      </span>
    );
  return (
    <span aria-live="polite" className="font-medium text-red-700">
      Username is not available
    </span>
  );
}
