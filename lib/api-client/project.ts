/** Typed browser calls of the project page: the post, downloads, comments and makes. */
import type { Material } from "@/lib/catalogue/enums";
import type { Comment } from "@/lib/validation/comments";
import type { Make, MakeRatings } from "@/lib/validation/makes";
import type { PostDetail, PostViewerState } from "@/lib/validation/posts";
import { callEndpoint } from "./call-endpoint";
import { ApiError } from "./client";

// The contracts' modules build zod schemas: each is imported at the first call, so a page that
// merely can call one (the project page imports this file) does not load zod with
// its first scripts.
const attachmentContracts = () => import("@/lib/validation/attachments");
const commentContracts = () => import("@/lib/validation/comments");
const makeContracts = () => import("@/lib/validation/makes");
const postContracts = () => import("@/lib/validation/posts");
const sendContracts = () => import("@/lib/validation/send-to-machine");

export async function getPost(postId: string): Promise<{ post: PostDetail }> {
  return callEndpoint((await postContracts()).getPostEndpoint, { params: { id: postId } });
}

export async function getPostViewerState(postId: string): Promise<{ viewerState: PostViewerState }> {
  return callEndpoint((await postContracts()).getPostViewerStateEndpoint, { params: { postId } });
}

export async function getPreSignedUrl(attachmentId: string): Promise<{ signedURL: string }> {
  return callEndpoint((await attachmentContracts()).getPreSignedUrlEndpoint, { query: { attachmentId } });
}

export async function getComments(postId: string): Promise<{ comments: Comment[] }> {
  return callEndpoint((await commentContracts()).getCommentsByPostIdEndpoint, { params: { postId } });
}

export async function createComment(postId: string, comment: string): Promise<{ comment: Comment }> {
  return callEndpoint((await commentContracts()).createCommentEndpoint, { body: { postId, comment } });
}

export async function deleteComment(postId: string, commentId: string): Promise<{ _id: string }> {
  return callEndpoint((await commentContracts()).deleteCommentEndpoint, { query: { postId, commentId } });
}

export async function getMakes(postId: string): Promise<{ makes: Make[] }> {
  return callEndpoint((await makeContracts()).getMakesEndpoint, { params: { postId } });
}

export async function createMake(body: {
  postId: string;
  printedOn: string;
  isPrinted: boolean;
  ratings?: MakeRatings;
  caption?: string;
  material?: Material;
  bitToolId?: string;
  bitText?: string;
}): Promise<{ make: Make }> {
  return callEndpoint((await makeContracts()).createMakeEndpoint, { body });
}

export async function deleteMake(makeId: string): Promise<{ _id: string }> {
  return callEndpoint((await makeContracts()).deleteMakeEndpoint, { params: { makeId } });
}

export interface UploadSlot {
  fileHash: string;
  signedUrl: string;
  attachmentId: string;
}

export async function getPreSignedUploadUrls(
  attachments: {
    parentId: string;
    parentType: "projectMake";
    category: "projectMakeImages";
    fileName: string;
    fileHash: string;
    fileSize: number;
    resourceType: "image";
  }[],
): Promise<{ attachments: UploadSlot[] }> {
  return callEndpoint((await attachmentContracts()).getPreSignedUploadUrlEndpoint, { body: { attachments } });
}

export async function confirmUploads(
  attachmentIds: string[],
): Promise<{ attachments: { _id: string; fileName: string; url: string }[] }> {
  return callEndpoint((await attachmentContracts()).confirmUploadsEndpoint, { body: { attachmentIds } });
}

/** SHA-256 of a file's bytes as lowercase hex (the upload request's fileHash). */
export async function hashFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** PUTs a file to its signed URL; XMLHttpRequest because fetch reports no upload progress. */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (loaded: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", contentType);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(file.size);
        resolve();
      } else reject(new ApiError(request.status, `Upload failed: ${request.status} ${request.statusText}`));
    };
    request.onerror = () => reject(new ApiError(0, "Upload failed"));
    request.send(file);
  });
}

/** Fetches a signed URL's bytes and hands them to the browser as a download under the file's name. */
/** A 10-minute link to one G-code model that a controller's own page can fetch (the Onefinity pull). */
export async function createSendLink(
  postId: string,
  attachmentId: string,
): Promise<{ url: string; expiresAt: string; fileName: string }> {
  return callEndpoint((await sendContracts()).createSendLinkEndpoint, {
    params: { postId },
    body: { attachmentId },
  });
}

/** A file's bytes through its download URL (counts the download), to hand to a controller. */
export async function fetchAttachmentBytes(attachmentId: string): Promise<Blob> {
  const { signedURL } = await getPreSignedUrl(attachmentId);
  const response = await fetch(signedURL, { credentials: "include" });
  if (!response.ok) throw new Error(`Failed to fetch file: ${response.status} ${response.statusText}`);
  return response.blob();
}

export async function saveFromUrl(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw new Error(`Failed to fetch file: ${response.status} ${response.statusText}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
