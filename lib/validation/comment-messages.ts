// The comment box checks this before posting, without loading comments.ts's zod schemas.
export const COMMENT_EMPTY_MESSAGE = "Comment can't be empty";
