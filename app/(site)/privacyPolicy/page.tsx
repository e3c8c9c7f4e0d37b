import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Container } from "@/components/layout/container";
import { CONTACT_EMAIL, SITE_NAME } from "@/components/layout/links";

export const metadata: Metadata = {
  title: "Privacy Policy",
  description: `What ${SITE_NAME} stores about you, why, who can see it, and how to have it changed or deleted.`,
  alternates: { canonical: "/privacyPolicy" },
};

const LAST_UPDATED = "November 22, 2026";

const sections = [
  { id: "summary", title: "The short version" },
  { id: "what-we-store", title: "What we store" },
  { id: "cookies", title: "Cookies and local storage" },
  { id: "how-we-use", title: "How we use it" },
  { id: "who-sees", title: "What other people can see" },
  { id: "sharing", title: "Who we share it with" },
  { id: "retention", title: "How long we keep it" },
  { id: "your-rights", title: "Your choices and rights" },
  { id: "security", title: "Security" },
  { id: "children", title: "Children" },
  { id: "changes", title: "Changes to this policy" },
  { id: "contact", title: "Contact" },
] as const;

type SectionId = (typeof sections)[number]["id"];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = sections.find((section) => section.id === id)?.title ?? id;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight text-ink">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-ink-muted [&_strong]:font-semibold [&_strong]:text-ink">
        {children}
      </div>
    </section>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-brand-500">{children}</ul>;
}

const mailLink = (
  <a
    href={`mailto:${CONTACT_EMAIL}`}
    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
  >
    {CONTACT_EMAIL}
  </a>
);

export default function PrivacyPolicyPage() {
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <header className="border-b border-line pb-6">
          <p className="text-sm font-medium text-brand-700">Legal</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Privacy Policy</h1>
          <p className="mt-2 text-sm text-ink-subtle">Last updated: {LAST_UPDATED}</p>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">
            {SITE_NAME} is a community where CNC makers, and Onefinity CNC owners in particular, share project
            designs. This page explains, in plain words, what we store when you use the site, why, who can see
            it, and how you can change or delete it.
          </p>
        </header>

        <nav aria-label="On this page" className="mt-8 rounded-xl border border-line bg-surface p-5">
          <p className="text-sm font-semibold text-ink">On this page</p>
          <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded text-ink-muted underline-offset-2 hover:text-brand-700 hover:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 space-y-10 leading-relaxed">
          <Section id="summary">
            <List>
              <li>
                We store what you need an account for, what you choose to upload, and a log of your downloads.
              </li>
              <li>
                We use cookies only to keep you signed in. There are no advertising or analytics trackers.
              </li>
              <li>
                We do not sell your data, and we share it only with the services that run the site for us.
              </li>
              <li>You decide whether your name, e-mail address and website appear on your public profile.</li>
              <li>You can ask us at any time for a copy of your data or to delete your account.</li>
            </List>
          </Section>

          <Section id="what-we-store">
            <p>
              <strong>Account details.</strong> Your username, first and last name, e-mail address, profile
              picture, website, and your privacy choices. If you sign up with an e-mail address, we keep your
              password only as a salted one-way hash, never the password itself. If you use Google sign-in, we
              receive your name, e-mail address and Google account identifier from Google, and no password.
            </p>
            <p>
              <strong>Your machines.</strong> The CNC brands, models and variants you tell us you own, so we
              can show you projects that fit your machine.
            </p>
            <p>
              <strong>What you upload and write.</strong> Your projects, including G-code files, images,
              design and CAD files, thumbnails, YouTube links, descriptions, tool and job settings and licence
              choices, as well as your comments, ratings, likes, bookmarks and makes.
            </p>
            <p>
              <strong>Download logs.</strong> When you download a file while signed in, we record which file,
              which project, and when. You can see this history yourself under Download Logs on your profile.
              Project authors see only how many times a file was downloaded, not by whom.
            </p>
            <p>
              <strong>Verification and security data.</strong> One-time verification codes and password reset
              links we e-mail to you. They expire shortly after they are issued.
            </p>
            <p>
              <strong>Technical records.</strong> Like any web server, ours records requests (IP address,
              browser type, the page requested and the time) to keep the service secure and working. When a
              page fails, we record technical details of the error so we can fix it.
            </p>
          </Section>

          <Section id="cookies">
            <p>
              We set cookies only for signing in: one holds your current session, another lets us renew it so
              you stay signed in, and a short-lived one protects the Google sign-in step. These cookies are
              strictly necessary for accounts to work, so we do not ask for consent to set them, and they are
              not used for anything else.
            </p>
            <p>
              Your browser&apos;s local storage keeps a few interface preferences on your own device: whether
              you closed the welcome message, and timers that pace how often a new verification code can be
              sent. They are never sent to us.
            </p>
            <p>
              We use no advertising, analytics or social-media tracking. Project pages may embed YouTube
              videos; when you play one, YouTube&apos;s own privacy policy applies.
            </p>
          </Section>

          <Section id="how-we-use">
            <p>We use the data above only to:</p>
            <List>
              <li>create and run your account, and verify your e-mail address;</li>
              <li>publish, review and show the projects, comments and makes you share;</li>
              <li>show your own download history, bookmarks and drafts back to you;</li>
              <li>send messages you need, such as verification codes and password reset links;</li>
              <li>keep the site secure, prevent abuse and fix errors.</li>
            </List>
            <p>We do not send marketing e-mail from this site and do not build advertising profiles.</p>
          </Section>

          <Section id="who-sees">
            <List>
              <li>
                <strong>Always public:</strong> your username, profile picture, the machines you list, and the
                projects, comments, ratings and makes you publish.
              </li>
              <li>
                <strong>Your choice:</strong> your first name, last name, e-mail address and website appear on
                your profile only if you leave them switched on in Edit Profile.
              </li>
              <li>
                <strong>Only you (and our reviewers):</strong> drafts, projects pending review, your bookmarks
                and your download logs.
              </li>
            </List>
          </Section>

          <Section id="sharing">
            <p>We do not sell or rent your personal data. We share it only with:</p>
            <List>
              <li>
                service providers that run the site on our behalf (hosting, file storage and e-mail delivery),
                who may use it only to provide that service to us;
              </li>
              <li>Google, when you choose to sign in with Google;</li>
              <li>authorities, when the law requires it.</li>
            </List>
          </Section>

          <Section id="retention">
            <p>
              We keep your account details and uploads for as long as your account exists. Deleted projects
              and files are removed from the site straight away. When you ask us to delete your account, we
              delete your personal data, or anonymise what must remain for the integrity of others&apos;
              content, within 30 days; copies in backups expire on their normal cycle. Server request records
              are kept for a limited time for security, then deleted.
            </p>
          </Section>

          <Section id="your-rights">
            <List>
              <li>Change your details and profile privacy choices at any time in Edit Profile.</li>
              <li>Edit or delete your projects and comments.</li>
              <li>Ask us for a copy of your data, to correct it, or to delete your account.</li>
              <li>
                Object to how we use your data, or complain to your local data protection authority if you
                think we got something wrong.
              </li>
            </List>
            <p>To make a request, write to {mailLink}. We answer within 30 days.</p>
          </Section>

          <Section id="security">
            <p>
              Connections to the site are encrypted, passwords are stored only as strong one-way hashes,
              sessions expire and are renewed with tokens we store hashed, and files are stored privately and
              served through short-lived links. No system is perfectly secure; if something happens that
              affects your data, we will tell you.
            </p>
          </Section>

          <Section id="children">
            <p>
              {SITE_NAME} is not meant for children under 16, and we do not knowingly collect their data. If
              you believe a child has given us personal data, please contact us and we will delete it.
            </p>
          </Section>

          <Section id="changes">
            <p>
              When we change this policy, we update the date at the top of this page. If a change affects how
              we use data you have already given us, we will tell signed-in members on the site or by e-mail
              before it takes effect.
            </p>
          </Section>

          <Section id="contact">
            <p>
              Questions about this policy or your data: {mailLink}. You can also go back to the{" "}
              <Link
                href="/"
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                project listing
              </Link>
              .
            </p>
          </Section>
        </div>
      </div>
    </Container>
  );
}
