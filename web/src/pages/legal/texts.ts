/** The legal texts. Spec §2 facts: privacy inquiries answered within 30 days; minimum age 13; 30 days' notice of term changes. */
export type LegalKind = 'privacy' | 'terms' | 'cookies';

interface LegalDoc {
  title: string;
  path: string;
  description: string;
  updated: string;
  sections: { heading: string; body: string[] }[];
}

export const LEGAL: Record<LegalKind, LegalDoc> = {
  privacy: {
    title: 'Privacy Policy',
    path: '/privacy',
    description: 'How {brand} collects, uses and protects your personal information.',
    updated: '1 January 2025',
    sections: [
      {
        heading: 'Who we are',
        body: [
          '{brand} is a lifestyle and wellness website for women. This policy explains what personal information we collect when you use the site, why we collect it, and the choices you have.',
        ],
      },
      {
        heading: 'Information we collect',
        body: [
          'Account information: when you create an account we store your name, email address and a securely hashed password.',
          'Messages and stories: when you contact us or submit a story we store the details you send, such as your name, email address and message.',
          'Technical information: our servers record basic request data (such as your IP address and browser type) to keep the site secure and working. We use only the cookies described in our Cookie Policy.',
        ],
      },
      {
        heading: 'How we use your information',
        body: [
          'We use your information to provide your account, answer your messages, consider stories for publication, keep the site secure and improve our content. We never sell your personal information.',
        ],
      },
      {
        heading: 'Affiliate links',
        body: [
          'Some links on the site are affiliate links. When you follow one, the retailer may know that you came from {brand}. Their own privacy policy applies to anything you do on their site.',
        ],
      },
      {
        heading: 'How long we keep it',
        body: [
          'We keep account information while your account is open and messages for as long as we need them to answer you, after which they are deleted.',
        ],
      },
      {
        heading: 'Your rights',
        body: [
          'You may ask for a copy of the personal information we hold about you, ask us to correct or delete it, or object to how we use it. We answer every privacy inquiry within 30 days.',
        ],
      },
      {
        heading: 'Children',
        body: [
          'The site is not intended for children under 13, and we do not knowingly collect personal information from anyone under the age of 13. If you believe a child has given us information, please contact us and we will delete it.',
        ],
      },
      {
        heading: 'Changes to this policy',
        body: [
          'If we change this policy we will update the date above and, for significant changes, tell registered users by email.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms & Conditions',
    path: '/terms',
    description: 'The terms that apply when you use {brand}.',
    updated: '1 January 2025',
    sections: [
      {
        heading: 'Using the site',
        body: [
          'By using {brand} you agree to these terms. If you do not agree, please do not use the site. You must be at least 13 years old to create an account.',
        ],
      },
      {
        heading: 'Our content',
        body: [
          'Articles, recipes and other content are for general information only and are not medical, financial or professional advice. Always speak to a qualified professional about your own circumstances.',
          'The content on the site belongs to {brand} or its contributors. You may share links to it but may not copy or republish it without permission.',
        ],
      },
      {
        heading: 'Your account and contributions',
        body: [
          'Keep your password safe; you are responsible for activity on your account. When you submit a story or message you confirm that it is your own and give us permission to edit and publish it.',
          'Do not post anything unlawful, abusive or that infringes anyone else’s rights. We may remove content or close accounts that break these terms.',
        ],
      },
      {
        heading: 'Shop and affiliate links',
        body: [
          'Products in our shop are sold by third-party retailers. Some links are affiliate links and we may earn a commission at no extra cost to you. Your purchase is a contract with the retailer, whose terms apply.',
        ],
      },
      {
        heading: 'Liability',
        body: [
          'We work hard to keep the site accurate and available but cannot promise it will always be error-free or uninterrupted. Nothing in these terms limits liability that cannot be limited by law.',
        ],
      },
      {
        heading: 'Changes to these terms',
        body: [
          'We may update these terms from time to time. We will give at least 30 days notice of any change by posting it on this page (and by email to registered users) before it takes effect.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    path: '/cookie-policy',
    description: 'Which cookies {brand} uses and why.',
    updated: '1 January 2025',
    sections: [
      {
        heading: 'What cookies are',
        body: [
          'Cookies are small text files a website stores in your browser. They let the site remember things, such as that you are signed in.',
        ],
      },
      {
        heading: 'Cookies we use',
        body: [
          'Essential cookies: a session cookie keeps you signed in and protects your account. The site cannot work properly without it, so it does not need your consent.',
          'We do not use advertising or cross-site tracking cookies. Retailers you visit through affiliate links may set their own cookies on their sites to record that you came from us.',
        ],
      },
      {
        heading: 'Managing cookies',
        body: [
          'You can delete or block cookies in your browser settings. If you block essential cookies you will not be able to sign in.',
        ],
      },
      {
        heading: 'Changes and questions',
        body: [
          'We will update this page if the cookies we use change. For any question about cookies or your privacy, contact us; we answer privacy inquiries within 30 days.',
        ],
      },
    ],
  },
};
