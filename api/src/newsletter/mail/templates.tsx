import { Heading, Img, Link, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { ActionLink, MailFrame, styles } from './parts';
import { MARK, type RenderedMail } from './personalise';

export interface MailArticle {
  title: string;
  excerpt: string;
  url: string;
  imageUrl: string | null;
}

export interface MailSponsor {
  name: string;
  body: string;
  imageUrl: string | null;
  /** The click-counting redirect (/go/sponsor/{id}), absolute. */
  url: string;
}

export type { RenderedMail };

function Articles({ articles }: { articles: MailArticle[] }) {
  return (
    <>
      {articles.map((a) => (
        <Section key={a.url} style={{ marginBottom: '20px' }}>
          {a.imageUrl ? (
            <Link href={a.url}>
              <Img
                src={a.imageUrl}
                alt=""
                width="552"
                style={{ width: '100%', height: 'auto', borderRadius: '6px' }}
              />
            </Link>
          ) : null}
          <Heading as="h2" style={styles.h2}>
            <Link href={a.url} style={{ color: '#292524', textDecoration: 'none' }}>
              {a.title}
            </Link>
          </Heading>
          <Text style={styles.text}>{a.excerpt}</Text>
          <Link href={a.url} style={styles.link}>
            Read the article
          </Link>
        </Section>
      ))}
    </>
  );
}

function Sponsor({ sponsor }: { sponsor: MailSponsor }) {
  return (
    <Section
      style={{ border: '1px solid #e7e5e4', borderRadius: '6px', padding: '16px', margin: '8px 0 20px' }}
    >
      <Text style={styles.muted}>Sponsored by {sponsor.name}</Text>
      {sponsor.imageUrl ? (
        <Link href={sponsor.url}>
          <Img
            src={sponsor.imageUrl}
            alt={sponsor.name}
            width="520"
            style={{ width: '100%', height: 'auto' }}
          />
        </Link>
      ) : null}
      <Text style={styles.text}>{sponsor.body}</Text>
      <Link href={sponsor.url} style={styles.link}>
        Visit {sponsor.name}
      </Link>
    </Section>
  );
}

function Issue(props: {
  brand: string;
  siteUrl: string;
  intro: string;
  articles: MailArticle[];
  sponsor: MailSponsor | null;
}) {
  return (
    <MailFrame brand={props.brand} siteUrl={props.siteUrl} preview={props.intro} listFooter>
      <Text style={styles.text}>{MARK.greeting}</Text>
      <Text style={styles.text}>{props.intro}</Text>
      {props.articles.slice(0, 2).length ? <Articles articles={props.articles.slice(0, 2)} /> : null}
      {props.sponsor ? <Sponsor sponsor={props.sponsor} /> : null}
      {props.articles.length > 2 ? <Articles articles={props.articles.slice(2)} /> : null}
    </MailFrame>
  );
}

const textOptions = {
  // Links keep their absolute URL in the text part; images carry no information there.
  selectors: [{ selector: 'img', format: 'skip' }],
};

/** A digest or special issue, with the per-recipient markers (personalise() fills them). */
export async function renderIssue(props: {
  brand: string;
  siteUrl: string;
  subject: string;
  intro: string;
  articles: MailArticle[];
  sponsor: MailSponsor | null;
}): Promise<RenderedMail> {
  const html = await render(<Issue {...props} />);
  return { subject: props.subject, html, text: toPlainText(html, textOptions) };
}

/** The double opt-in mail: a link to a page whose button confirms (a GET confirms nothing). */
export async function renderConfirm(props: {
  brand: string;
  siteUrl: string;
  confirmUrl: string;
  days: number;
}): Promise<RenderedMail> {
  const preview = `Confirm your subscription to ${props.brand}`;
  const html = await render(
    <MailFrame brand={props.brand} siteUrl={props.siteUrl} preview={preview} listFooter={false}>
      <Heading as="h2" style={styles.h2}>
        One more step
      </Heading>
      <Text style={styles.text}>{MARK.greeting}</Text>
      <Text style={styles.text}>
        Please confirm that you want the {props.brand} newsletter: a weekly digest of new articles, and now
        and then a special issue. The link works for {props.days} days.
      </Text>
      <ActionLink href={props.confirmUrl} label="Confirm my subscription" />
    </MailFrame>,
  );
  return {
    subject: `Confirm your subscription to ${props.brand}`,
    html,
    text: toPlainText(html, textOptions),
  };
}

/** A staff invitation (issue 42 §6): a link to the page where the person sets their name and password. */
export async function renderInvitation(props: {
  brand: string;
  siteUrl: string;
  acceptUrl: string;
  /** "an editor", "an admin": the role as a phrase. */
  role: string;
  days: number;
}): Promise<RenderedMail> {
  const subject = `You are invited to join ${props.brand}`;
  const html = await render(
    <MailFrame
      brand={props.brand}
      siteUrl={props.siteUrl}
      preview={subject}
      listFooter={false}
      note="If you did not expect this, ignore this mail: no account is made until the link is used."
    >
      <Heading as="h2" style={styles.h2}>
        Join the team
      </Heading>
      <Text style={styles.text}>Hello,</Text>
      <Text style={styles.text}>
        You are invited to work on {props.brand} as {props.role}. Choose your name and a password to start.
        The link works once, for {props.days} days.
      </Text>
      <ActionLink href={props.acceptUrl} label="Accept the invitation" />
    </MailFrame>,
  );
  return { subject, html, text: toPlainText(html, textOptions) };
}
