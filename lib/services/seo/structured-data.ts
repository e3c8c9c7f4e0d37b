import "server-only";
import { findLicence } from "@/lib/catalogue/enums";
import type { PostDetail } from "@/lib/validation/posts";
import type { PublicUser } from "@/lib/validation/users";
import { absoluteUrl } from "./site-url";

/**
 * The schema.org data of the indexable pages, checked by @adobe/structured-data-validator in
 * tests/api/seo.test.ts: a project is a CreativeWork, a profile a ProfilePage about a Person,
 * and both pages carry a BreadcrumbList from the home page.
 */
const SCHEMA_CONTEXT = "https://schema.org";
export const SITE_NAME = "CNC Projects";

/** A make's ratings are whole stars from 1 to 5; a project's rating is their mean. */
const WORST_RATING = 1;
const BEST_RATING = 5;

type JsonLdObject = Record<string, unknown>;

export function profilePath(username: string): string {
  return `/${encodeURIComponent(username)}`;
}

export function projectPath(postId: string): string {
  return `/model/${postId}`;
}

function breadcrumbs(trail: { name: string; path: string }[]): JsonLdObject {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/**
 * The project page's CreativeWork: author, dates, image, licence, counts, the projects it is based
 * on and, once makes are rated, the rating.
 */
export function projectStructuredData(post: PostDetail): JsonLdObject[] {
  const url = absoluteUrl(projectPath(post._id));
  const licence = post.licenceType ? findLicence(post.licenceType) : undefined;
  const work: JsonLdObject = {
    "@context": SCHEMA_CONTEXT,
    "@type": "CreativeWork",
    "@id": url,
    url,
    name: post.title,
    description: post.description || undefined,
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    // The stable thumbnail address, not a signed URL that runs out.
    image: post.thumbnail ? absoluteUrl(`${projectPath(post._id)}/thumbnail`) : undefined,
    genre: post.category?.name,
    keywords: post.tags.map((tag) => tag.name).join(", ") || undefined,
    license: licence?.link,
    author: {
      "@type": "Person",
      name: post.user.username,
      url: absoluteUrl(profilePath(post.user.username)),
    },
    interactionStatistic: [
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/LikeAction",
        userInteractionCount: post.likes,
      },
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: post.comments,
      },
    ],
    // The projects this one is a remix of, as the page names them (public ones for visitors).
    isBasedOn:
      post.basedOn.length > 0
        ? post.basedOn.map((original) => ({
            "@type": "CreativeWork",
            "@id": absoluteUrl(projectPath(original._id)),
            url: absoluteUrl(projectPath(original._id)),
            name: original.title,
            author: {
              "@type": "Person",
              name: original.user.username,
              url: absoluteUrl(profilePath(original.user.username)),
            },
          }))
        : undefined,
    aggregateRating:
      post.ratingSummary.count > 0 && post.averageTotalRating > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: post.averageTotalRating,
            ratingCount: post.ratingSummary.count,
            bestRating: BEST_RATING,
            worstRating: WORST_RATING,
          }
        : undefined,
  };
  const trail = [{ name: "Home", path: "/" }];
  if (post.category)
    trail.push({ name: post.category.name, path: `/?category=${encodeURIComponent(post.category.name)}` });
  trail.push({ name: post.title, path: projectPath(post._id) });
  return [work, breadcrumbs(trail)];
}

/** A member's shown name: first and last name when they let them be seen, else the username. */
export function displayName(user: Pick<PublicUser, "username" | "firstname" | "lastname">): string {
  const name = [user.firstname, user.lastname].filter(Boolean).join(" ").trim();
  return name || user.username;
}

/** The profile page: a ProfilePage whose main entity is the member as a Person. Hidden fields stay out. */
export function profileStructuredData(user: PublicUser): JsonLdObject[] {
  const url = absoluteUrl(profilePath(user.username));
  const page: JsonLdObject = {
    "@context": SCHEMA_CONTEXT,
    "@type": "ProfilePage",
    "@id": url,
    url,
    name: `@${user.username} on ${SITE_NAME}`,
    mainEntity: {
      "@type": "Person",
      "@id": `${url}#person`,
      name: displayName(user),
      alternateName: `@${user.username}`,
      identifier: user._id,
      url,
      sameAs: user.website ? [user.website] : undefined,
    },
  };
  return [
    page,
    breadcrumbs([
      { name: "Home", path: "/" },
      { name: `@${user.username}`, path: profilePath(user.username) },
    ]),
  ];
}
