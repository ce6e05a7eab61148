import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import { MARK } from './personalise';

const colors = { brand: '#9d174d', text: '#292524', muted: '#57534e', line: '#e7e5e4' };

export const styles = {
  body: { backgroundColor: '#fafaf9', fontFamily: 'Georgia, "Times New Roman", serif', color: colors.text },
  container: { backgroundColor: '#ffffff', margin: '0 auto', padding: '24px', maxWidth: '600px' },
  brand: { fontSize: '24px', fontWeight: 700, color: colors.brand, margin: '0 0 16px' },
  h2: { fontSize: '20px', lineHeight: '28px', margin: '0 0 4px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' },
  muted: { fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 8px' },
  link: { color: colors.brand },
  button: {
    backgroundColor: colors.brand,
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '6px',
    fontSize: '16px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  hr: { borderColor: colors.line, margin: '24px 0' },
};

/** Every mail's frame: brand, content, and (for list mail) the visible unsubscribe and preferences links. */
export function MailFrame(props: {
  brand: string;
  siteUrl: string;
  preview: string;
  children: ReactNode;
  /** List mail (digest, special issue) carries the links; the confirmation mail asks for nothing yet. */
  listFooter: boolean;
  /** The last line of a mail without the list's links (the confirmation's, unless given). */
  note?: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>
            <Link href={`${props.siteUrl}/`} style={{ color: colors.brand, textDecoration: 'none' }}>
              {props.brand}
            </Link>
          </Text>
          {props.children}
          <Hr style={styles.hr} />
          {props.listFooter ? (
            <Section>
              <Text style={styles.muted}>
                You are receiving this because you subscribed to the {props.brand} newsletter and confirmed
                it.
              </Text>
              <Text style={styles.muted}>
                <Link href={MARK.unsubscribeUrl} style={styles.link}>
                  Unsubscribe
                </Link>
                {' · '}
                <Link href={MARK.preferencesUrl} style={styles.link}>
                  Manage your subscription
                </Link>
              </Text>
            </Section>
          ) : (
            <Text style={styles.muted}>
              {props.note ?? 'If you did not ask for this, ignore this mail: you will not be subscribed.'}
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/** A mail's one action: a button, and the same address written out for mail apps that hide buttons. */
export function ActionLink({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Section style={{ margin: '16px 0' }}>
        <Button href={href} style={styles.button}>
          {label}
        </Button>
      </Section>
      <Text style={styles.muted}>
        Or open this address: <Link href={href}>{href}</Link>
      </Text>
    </>
  );
}
