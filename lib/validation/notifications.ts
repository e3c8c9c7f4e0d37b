import { z } from "zod";
import { NOTIFICATION_KINDS } from "@/lib/catalogue/enums";
import { endpoint } from "@/lib/validation/endpoint";
import { idSchema, paginationQuerySchema, paginationSchema } from "./common";

export const NOTIFICATION_MESSAGES = {
  kind: `kind must be one of: ${NOTIFICATION_KINDS.join(", ")}`,
  ids: "ids must be a list of at most 100 notification ids",
  preferences: "preferences must name each kind at most once",
} as const;

/** Labels of the kinds, for the preferences form and the e-mail digest. */
export const NOTIFICATION_KIND_LABELS = {
  "followed-maker-published": "A maker you follow publishes a project",
  "comment-on-your-project": "Someone comments on your project",
  "make-on-your-project": "Someone posts a make of your project",
  "remix-of-your-project": "Someone publishes a remix of your project",
  "project-approved": "Your project is approved",
  "project-rejected": "Your project is sent back by the review",
  "downloaded-project-updated": "A project you downloaded has new files",
} as const satisfies Record<(typeof NOTIFICATION_KINDS)[number], string>;

/** The notifications page's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

const kindSchema = z.enum(NOTIFICATION_KINDS, { message: NOTIFICATION_MESSAGES.kind });

export const notificationSchema = z.object({
  _id: z.string(),
  kind: kindSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Who did it; null for the review's decisions and for a deleted account. */
  actor: z
    .object({ _id: z.string(), username: z.string(), profilePicture: z.string().nullable() })
    .nullable(),
  post: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** The notice in words, as the app and the e-mail digest show it. */
  text: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPreferenceSchema = z.object({
  kind: kindSchema,
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const updateNotificationPreferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        kind: kindSchema,
        inApp: z.boolean({ message: "inApp must be true or false" }).optional(),
        email: z.boolean({ message: "email must be true or false" }).optional(),
      }),
    )
    .min(1, NOTIFICATION_MESSAGES.preferences)
    .max(NOTIFICATION_KINDS.length, NOTIFICATION_MESSAGES.preferences)
    .refine(
      (list) => new Set(list.map((item) => item.kind)).size === list.length,
      NOTIFICATION_MESSAGES.preferences,
    ),
});
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesSchema>;

export const listNotificationsEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/notification",
  summary:
    "The signed-in user's notifications, newest first, with the unread count; notices about a project that is not public show only to its author and staff",
  tag: "Notifications",
  auth: "required",
  query: paginationQuerySchema,
  response: z.object({
    notifications: z.array(notificationSchema),
    unreadCount: z.number().int(),
    pagination: paginationSchema,
  }),
});

export const unreadNotificationCountEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/notification/unreadCount",
  summary: "How many of the signed-in user's notifications are unread (the header's bell)",
  tag: "Notifications",
  auth: "required",
  response: z.object({ unreadCount: z.number().int() }),
});

export const markNotificationsReadEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/notification/markRead",
  summary: "Mark the given notifications read, or all of them when no ids are given",
  tag: "Notifications",
  auth: "required",
  body: z.object({
    ids: z
      .array(idSchema, { message: NOTIFICATION_MESSAGES.ids })
      .max(100, NOTIFICATION_MESSAGES.ids)
      .optional(),
  }),
  response: z.object({ updated: z.number().int(), unreadCount: z.number().int() }),
});

const preferencesAnswer = z.object({ preferences: z.array(notificationPreferenceSchema) });

export const getNotificationPreferencesEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/notification/preferences",
  summary: "Per kind: shown in the app, and sent in the daily e-mail digest",
  tag: "Notifications",
  auth: "required",
  response: preferencesAnswer,
});

export const updateNotificationPreferencesEndpoint = endpoint({
  method: "PATCH",
  path: "/api/v1/notification/preferences",
  summary: "Change the preferences of some kinds; kinds not named keep theirs",
  tag: "Notifications",
  auth: "required",
  body: updateNotificationPreferencesSchema,
  response: preferencesAnswer,
});
