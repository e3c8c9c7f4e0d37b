"use client";

import { useState } from "react";
import { errorText } from "@/components/auth/form-field";
import { toast } from "@/components/ui/toast";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { NOTIFICATION_KIND_LABELS, type NotificationPreference } from "@/lib/validation/notifications";

type Channel = "inApp" | "email";

/** Per kind: shown in the app, and sent in the daily e-mail digest. Each change is saved at once. */
export function NotificationPreferencesForm({ initial }: { initial: NotificationPreference[] }) {
  const [preferences, setPreferences] = useState(initial);
  const [pending, setPending] = useState<string | null>(null);

  async function toggle(preference: NotificationPreference, channel: Channel) {
    const value = !preference[channel];
    setPending(`${preference.kind}:${channel}`);
    try {
      const { updateNotificationPreferencesEndpoint } = await import("@/lib/validation/notifications");
      const answer = await callEndpoint(updateNotificationPreferencesEndpoint, {
        body: { preferences: [{ kind: preference.kind, [channel]: value }] },
      });
      setPreferences(answer.preferences);
    } catch (error) {
      toast.error("Could not save your choice", { description: errorText(error) });
    } finally {
      setPending(null);
    }
  }

  return (
    <section
      id="preferences"
      aria-labelledby="preferences-title"
      className="flex scroll-mt-24 flex-col gap-3"
    >
      <div>
        <h2 id="preferences-title" className="text-lg font-semibold text-ink">
          What you hear about
        </h2>
        <p className="text-sm text-ink-muted">
          Shown here and by the bell, and sent in one e-mail a day when you choose e-mail.
        </p>
      </div>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-ink-muted">
              <th scope="col" className="px-4 py-2 font-medium">
                Notification
              </th>
              <th scope="col" className="w-20 px-2 py-2 text-center font-medium">
                In the app
              </th>
              <th scope="col" className="w-20 px-2 py-2 text-center font-medium">
                By e-mail
              </th>
            </tr>
          </thead>
          <tbody>
            {preferences.map((preference) => (
              <tr key={preference.kind} className="border-b border-line last:border-0">
                <th scope="row" className="px-4 py-2.5 text-left font-normal text-ink">
                  {NOTIFICATION_KIND_LABELS[preference.kind]}
                </th>
                {(["inApp", "email"] as const).map((channel) => (
                  <td key={channel} className="px-2 py-2.5 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600"
                      checked={preference[channel]}
                      disabled={pending === `${preference.kind}:${channel}`}
                      onChange={() => void toggle(preference, channel)}
                      aria-label={`${NOTIFICATION_KIND_LABELS[preference.kind]}: ${channel === "inApp" ? "in the app" : "by e-mail"}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
