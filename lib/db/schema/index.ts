// The one barrel in the project: drizzle needs every table in one object.
export * from "./attachments";
export * from "./catalogue";
export * from "./collections";
export * from "./change-feed";
export * from "./comments";
export * from "./makes";
export * from "./notifications";
export * from "./posts";
export * from "./remixes";
export * from "./review";
export * from "./search";
export * from "./taxonomy";
export * from "./users";
