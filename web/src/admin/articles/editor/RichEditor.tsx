import { type Editor, Extension } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, ReactNodeViewRenderer, useEditor } from '@tiptap/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useToast } from '../../../components/toast/toast';
import { serverMessage } from '../../api';
import { type PickedFile, usePlatform } from '../../platform';
import { bodyExtensions, storedHtml, UploadPlaceholder } from './extensions';
import { type ImageDetails, ImageDetailsDialog } from './ImageDetailsDialog';
import { LinkEditor } from './LinkEditor';
import { cleanHtml } from './paste-clean';
import { Toolbar } from './Toolbar';
import { refuseImage, UploadStore, uploadImage } from './uploads';
import { type UploadsApi, UploadPlaceholderView, UploadsContext } from './UploadPlaceholderView';
import './editor.css';

/** The article body's typography, as the article page shows it (pages/article/ArticlePage.tsx). */
const BODY_CLASS =
  'min-h-[16rem] rounded-b-md border border-stone-300 bg-white px-4 py-3 leading-relaxed text-stone-800 focus:border-rose-600 focus:outline-none [&>*+*]:mt-4 [&_a]:text-rose-800 [&_a]:underline [&_h2]:mt-6 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:text-lg [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-rose-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_hr]:my-6 [&_hr]:border-stone-300 [&_img]:h-auto [&_img]:max-h-96 [&_img]:w-full [&_img]:rounded-lg [&_img]:object-contain [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-stone-600';

type DialogState = { kind: 'new'; id: string; name: string } | { kind: 'edit'; details: ImageDetails } | null;

/**
 * Takes the page's selection into the editor's state now. A quick Shift+arrows then Ctrl/Cmd+K can
 * come before the browser's selectionchange reaches ProseMirror; the link popover, which takes the
 * focus, would then link an older selection.
 */
function readDomSelection(view: EditorView) {
  const sel = view.dom.ownerDocument.getSelection();
  if (!sel?.anchorNode || !sel.focusNode) return;
  if (!view.dom.contains(sel.anchorNode) || !view.dom.contains(sel.focusNode)) return;
  try {
    const anchor = view.posAtDOM(sel.anchorNode, sel.anchorOffset);
    const head = view.posAtDOM(sel.focusNode, sel.focusOffset);
    const now = view.state.selection;
    if (now instanceof TextSelection && (anchor !== now.anchor || head !== now.head))
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
  } catch {
    // A position inside a node view: keep the editor's own selection.
  }
}

let uploadSeq = 0;
const newUploadId = () => `u${Date.now().toString(36)}${(uploadSeq++).toString(36)}`;

const imageFiles = (list: FileList | null | undefined): PickedFile[] =>
  Array.from(list ?? [])
    .filter((f) => f.type.startsWith('image/') || /\.(jpe?g|png|gif|webp)$/i.test(f.name))
    .map((f) => ({ name: f.name, type: f.type, size: f.size, data: f }));

/**
 * The article body's rich text editor (issue 31 §1-3), on Tiptap (ProseMirror). It starts from the body
 * as the site renders it and reports the body to store (`storedHtml`) on every change. Images come in
 * by drop, paste, the toolbar (the desktop's native picker through AdminPlatform) and are uploaded
 * through /api/upload's checks; pastes are cleaned before the schema reads them.
 */
export default function RichEditor({
  initialHtml,
  onChange,
  labelId,
  describedBy,
  invalid,
  onEditor,
  onUploadsBusy,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  /** The visible label's id: the editable area is named by it ("Content"). */
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  onEditor?: (editor: Editor | null) => void;
  /** Whether images are still uploading (saving then would leave them out). */
  onUploadsBusy?: (busy: boolean) => void;
}) {
  const platform = usePlatform();
  const toast = useToast();
  const editorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const store = useMemo(() => new UploadStore(), []);
  const details = useRef(new Map<string, ImageDetails>());
  const askQueue = useRef<Array<{ id: string; name: string }>>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  // The editor's handlers are made once; they reach the current callbacks through this.
  const live = useRef({ addFiles: (_f: PickedFile[], _at?: number) => {}, openLink: () => {}, onChange });
  live.current.onChange = onChange;

  const placeholder = useMemo(
    () => UploadPlaceholder.extend({ addNodeView: () => ReactNodeViewRenderer(UploadPlaceholderView) }),
    [],
  );
  const editor = useEditor({
    extensions: bodyExtensions({
      uploadPlaceholder: placeholder,
      extra: [
        Placeholder.configure({
          placeholder: 'Write the article… (## for a heading, - for a list, > for a quote)',
        }),
        Extension.create({
          name: 'linkShortcut',
          addKeyboardShortcuts: () => ({
            'Mod-k': () => {
              live.current.openLink();
              return true;
            },
          }),
        }),
      ],
    }),
    content: cleanHtml(initialHtml),
    // The site's CSP allows no inline <style>: the editor's CSS ships in editor.css instead.
    injectCSS: false,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id: editorId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: BODY_CLASS,
      },
      transformPastedHTML: cleanHtml,
      handlePaste: (_view, event) => {
        // Files alone (a screenshot): upload them. With HTML (Word also sends a picture of the text), the HTML wins.
        const data = event.clipboardData;
        if (!data || data.getData('text/html')) return false;
        const files = imageFiles(data.files);
        if (!files.length) return false;
        live.current.addFiles(files);
        return true;
      },
      handleDrop: (view: EditorView, event, _slice, moved) => {
        if (moved) return false;
        const files = imageFiles(event.dataTransfer?.files);
        if (!files.length) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        live.current.addFiles(files, at);
        return true;
      },
      handleDoubleClickOn: (_view, _pos, node) => {
        if (node.type.name !== 'figure') return false;
        setDialog({
          kind: 'edit',
          details: { alt: node.attrs.alt ?? '', caption: node.attrs.caption ?? '' },
        });
        return true;
      },
    },
    onUpdate: ({ editor: e }) => live.current.onChange(storedHtml(e.state.doc, e.schema)),
  });

  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(null);
  }, [editor, onEditor]);
  // A screen reader hears the field's error on the editable area itself, as on any other field.
  useEffect(() => {
    const base = editor.options.editorProps.attributes as Record<string, string>;
    const { 'aria-describedby': _d, 'aria-invalid': _i, ...rest } = base;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...rest,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, describedBy, invalid]);
  useEffect(() => {
    const stop = store.subscribe(() => onUploadsBusy?.(store.busy()));
    return () => {
      stop();
    };
  }, [store, onUploadsBusy]);

  const findPlaceholder = (id: string) => {
    let found: { pos: number; size: number } | null = null;
    editor.state.doc.descendants((node, pos) => {
      if (found) return false;
      if (node.type.name === 'imageUpload' && node.attrs.id === id) found = { pos, size: node.nodeSize };
      return !found;
    });
    return found as { pos: number; size: number } | null;
  };

  /** Both the upload and the question about alt text are done: the placeholder becomes the figure. */
  const finish = (id: string) => {
    const state = store.get(id);
    const d = details.current.get(id);
    const at = findPlaceholder(id);
    if (state?.status !== 'done' || !d || !at) return;
    // Where the editor is typing stays where it is: uploads finish while the writing goes on.
    editor
      .chain()
      .insertContentAt(
        { from: at.pos, to: at.pos + at.size },
        { type: 'figure', attrs: { src: state.src, ...d } },
        { updateSelection: false },
      )
      .run();
  };

  const upload = (id: string, file: PickedFile) => {
    store.set(id, { name: file.name, status: 'uploading', progress: null }, file);
    uploadImage(platform, file, (progress) =>
      store.set(id, { name: file.name, status: 'uploading', progress }),
    )
      .then((src) => {
        store.set(id, { name: file.name, status: 'done', progress: 1, src });
        finish(id);
      })
      .catch((err: unknown) => {
        const reason =
          serverMessage(err) ?? (err instanceof TypeError ? 'No connection to the server.' : undefined);
        store.set(id, {
          name: file.name,
          status: 'failed',
          progress: null,
          ...(reason ? { error: reason } : {}),
        });
      });
  };

  const askNext = () => {
    const next = askQueue.current.shift();
    setDialog(next ? { kind: 'new', ...next } : null);
  };

  live.current.addFiles = (files, at) => {
    let pos = at ?? editor.state.selection.to;
    for (const file of files) {
      const refused = refuseImage(file);
      if (refused) {
        toast({ ...refused, variant: 'destructive' });
        continue;
      }
      const id = newUploadId();
      editor
        .chain()
        .insertContentAt(
          pos,
          { type: 'imageUpload', attrs: { id, name: file.name } },
          { updateSelection: false },
        )
        .run();
      const placed = findPlaceholder(id);
      if (placed) pos = placed.pos + placed.size;
      upload(id, file);
      askQueue.current.push({ id, name: file.name });
    }
    if (!dialog) askNext();
  };
  live.current.openLink = () => {
    readDomSelection(editor.view);
    setLinkOpen(true);
  };

  const uploadsApi: UploadsApi = {
    store,
    retry: (id) => {
      const file = store.file(id);
      if (file) upload(id, file);
    },
    remove: (id) => {
      const at = findPlaceholder(id);
      if (at)
        editor
          .chain()
          .deleteRange({ from: at.pos, to: at.pos + at.size })
          .focus()
          .run();
    },
  };

  async function pickImage() {
    if (!platform.pickImage) return fileInput.current?.click();
    const picked = await platform.pickImage();
    if (picked) live.current.addFiles([picked]);
  }

  return (
    <UploadsContext.Provider value={uploadsApi}>
      <div>
        <Toolbar
          editor={editor}
          editorId={editorId}
          onLink={() => live.current.openLink()}
          onImage={() => void pickImage()}
          onImageDetails={() => {
            const attrs = editor.getAttributes('figure');
            setDialog({ kind: 'edit', details: { alt: attrs.alt ?? '', caption: attrs.caption ?? '' } });
          }}
        />
        {linkOpen && <LinkEditor editor={editor} onClose={() => setLinkOpen(false)} />}
        <EditorContent editor={editor} />
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          className="sr-only"
          aria-label="Image file for the article body"
          tabIndex={-1}
          onChange={(e) => {
            live.current.addFiles(imageFiles(e.target.files));
            e.target.value = '';
          }}
        />
      </div>
      {dialog?.kind === 'new' && (
        <ImageDetailsDialog
          key={dialog.id}
          fileName={dialog.name}
          initial={{ alt: '', caption: '' }}
          onDone={(d) => {
            details.current.set(dialog.id, d);
            finish(dialog.id);
            askNext();
            editor.commands.focus();
          }}
          onClose={() => {
            details.current.set(dialog.id, { alt: '', caption: '' });
            finish(dialog.id);
            askNext();
            editor.commands.focus();
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <ImageDetailsDialog
          initial={dialog.details}
          onDone={(d) => {
            editor.chain().focus().updateAttributes('figure', d).run();
            setDialog(null);
          }}
          onClose={() => {
            setDialog(null);
            editor.commands.focus();
          }}
        />
      )}
    </UploadsContext.Provider>
  );
}
