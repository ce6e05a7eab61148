import { type Extensions, getHTMLFromFragment, Node } from '@tiptap/core';
import { Fragment, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';

/** Addresses a link may point at. The popover asks for http(s); mail links already in bodies are kept. */
const LINK_PROTOCOL = /^(https?:\/\/|mailto:)/i;
export const isHttpAddress = (url: string) => {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

/**
 * An image in the text with its alt text and caption (issue 31 §2), stored as
 * `<figure><img src alt><figcaption>…</figcaption></figure>`. A bare `<img>` (markdown bodies, pasted
 * pages) opens as a figure without a caption. An atom: the alt text and caption are edited in a dialog.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: '' }, caption: { default: '' } };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (el) => {
          const img = (el as HTMLElement).querySelector('img');
          const src = img?.getAttribute('src');
          if (!src) return false;
          const caption = (el as HTMLElement).querySelector('figcaption')?.textContent ?? '';
          return { src, alt: img?.getAttribute('alt') ?? '', caption: caption.replace(/\s+/g, ' ').trim() };
        },
      },
      {
        tag: 'img[src]',
        getAttrs: (el) => ({
          src: (el as HTMLElement).getAttribute('src'),
          alt: (el as HTMLElement).getAttribute('alt') ?? '',
          caption: '',
        }),
      },
    ];
  },
  renderHTML({ node }) {
    const img = ['img', { src: node.attrs.src, alt: node.attrs.alt ?? '' }] as const;
    return node.attrs.caption
      ? ['figure', {}, img, ['figcaption', {}, node.attrs.caption]]
      : ['figure', {}, img];
  },
});

/**
 * Where an image is being uploaded, or failed to (issue 31 §2): shown in the editor with its progress
 * or the failure, never stored (`storedHtml` leaves it out), so a failed upload never becomes a broken
 * image. Its view is set by the editor (RichEditor: UploadPlaceholderView).
 */
export const UploadPlaceholder = Node.create({
  name: 'imageUpload',
  group: 'block',
  atom: true,
  selectable: true,
  addAttributes() {
    return { id: { default: '' }, name: { default: '' } };
  },
  renderHTML({ node }) {
    return ['div', { 'data-image-upload': node.attrs.id }];
  },
});

/**
 * The editor's schema: what an article body may hold (issue 31 §1). Headings are h2-h4 (the title is
 * the page's only h1); anything else a paste or an old body brings (styles, classes, spans, code, tables)
 * is dropped by the schema, keeping its text.
 */
export function bodyExtensions({
  uploadPlaceholder = UploadPlaceholder,
  extra = [],
}: {
  uploadPlaceholder?: typeof UploadPlaceholder;
  extra?: Extensions;
} = {}): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      link: {
        openOnClick: false,
        // Off: with it on, the link mark grows into whatever is typed right after a link.
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // The server adds target and rel to every link when it renders; the stored body stays plain.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => LINK_PROTOCOL.test(url),
      },
    }),
    Figure,
    uploadPlaceholder,
    ...extra,
  ];
}

/**
 * The body as it is stored: the document's HTML without upload placeholders and empty paragraphs
 * (the one the editor keeps after an image for typing, blank lines). An empty document is '' (so
 * "Content is required" applies). A body with no paragraph left gets an empty one: the server reads a
 * body as HTML only when it has a <p>, <div>, <h1> or <h2> (lib/text/html.ts).
 */
export function storedHtml(doc: PmNode, schema: Schema): string {
  const kept: PmNode[] = [];
  doc.forEach((n) => {
    if (n.type.name !== 'imageUpload' && !isEmptyParagraph(n)) kept.push(n);
  });
  if (kept.length === 0) return '';
  const html = getHTMLFromFragment(Fragment.fromArray(kept), schema);
  return /<(p|div|h1|h2)[\s>]/i.test(html) ? html : `${html}<p></p>`;
}

/** No words in it: nothing, spaces, non-breaking spaces or line breaks only. */
const isEmptyParagraph = (n: PmNode) => {
  if (n.type.name !== 'paragraph') return false;
  let empty = true;
  n.forEach((child) => {
    if (child.isText ? (child.text ?? '').trim() !== '' : child.type.name !== 'hardBreak') empty = false;
  });
  return empty;
};
