import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useRef, useState } from 'react';

interface Tool {
  label: string;
  /** What the button shows; the label is its accessible name. */
  face: string;
  keys?: string;
  run: () => void;
  active?: boolean;
  disabled?: boolean;
  /** Starts a new group (a thin divider before it). */
  group?: boolean;
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** "Control+B" as aria-keyshortcuts wants it, "Ctrl+B" / "⌘B" as a tooltip shows it. */
function shortcut(keys: string) {
  const aria = keys.replace('Mod', isMac() ? 'Meta' : 'Control');
  const shown = isMac()
    ? keys.replace('Mod+', '⌘').replace('Alt+', '⌥').replace('Shift+', '⇧')
    : keys.replace('Mod', 'Ctrl');
  return { aria, shown };
}

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one Tab stop, arrow keys, Home and End move
 * between buttons; each button names its action and shortcut; pressed buttons say so. Clicking keeps
 * the text's selection (mousedown does not take focus); the keyboard leaves focus on the toolbar.
 */
export function Toolbar({
  editor,
  editorId,
  onLink,
  onImage,
  onImageDetails,
}: {
  editor: Editor;
  editorId: string;
  onLink: () => void;
  onImage: () => void;
  onImageDetails: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      link: e.isActive('link'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      figure: e.isActive('figure'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain();
  const tools: Tool[] = [
    {
      label: 'Heading 2',
      face: 'H2',
      keys: 'Mod+Alt+2',
      active: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Heading 3',
      face: 'H3',
      keys: 'Mod+Alt+3',
      active: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Heading 4',
      face: 'H4',
      keys: 'Mod+Alt+4',
      active: state.h4,
      run: () => chain().toggleHeading({ level: 4 }).run(),
    },
    {
      label: 'Bold',
      face: 'B',
      keys: 'Mod+B',
      active: state.bold,
      run: () => chain().toggleBold().run(),
      group: true,
    },
    {
      label: 'Italic',
      face: 'I',
      keys: 'Mod+I',
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    { label: 'Link', face: 'Link', keys: 'Mod+K', active: state.link, run: onLink },
    {
      label: 'Bulleted list',
      face: '• List',
      keys: 'Mod+Shift+8',
      active: state.bullet,
      run: () => chain().toggleBulletList().run(),
      group: true,
    },
    {
      label: 'Numbered list',
      face: '1. List',
      keys: 'Mod+Shift+7',
      active: state.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: 'Quote',
      face: '“ Quote',
      keys: 'Mod+Shift+B',
      active: state.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    { label: 'Divider', face: '—', run: () => chain().setHorizontalRule().run() },
    { label: 'Insert image', face: 'Image', run: onImage, group: true },
    { label: 'Image details', face: 'Alt text', disabled: !state.figure, run: onImageDetails },
    {
      label: 'Undo',
      face: '↶',
      keys: 'Mod+Z',
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
      group: true,
    },
    {
      label: 'Redo',
      face: '↷',
      keys: 'Mod+Shift+Z',
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
  ];
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = tools.map((t, i) => (t.disabled ? -1 : i)).filter((i) => i >= 0);
  const focusable = enabled.includes(current) ? current : (enabled[0] ?? 0);

  function onKeyDown(e: KeyboardEvent) {
    const at = enabled.indexOf(focusable);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? enabled[(at + 1) % enabled.length]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : e.key === 'Home'
            ? enabled[0]
            : e.key === 'End'
              ? enabled[enabled.length - 1]
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setCurrent(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-1 rounded-t-md border border-b-0 border-stone-300 bg-stone-50 p-1"
    >
      {tools.map((t, i) => {
        const keys = t.keys ? shortcut(t.keys) : null;
        return (
          <button
            key={t.label}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            tabIndex={i === focusable ? 0 : -1}
            aria-label={t.label}
            aria-pressed={t.active === undefined ? undefined : t.active}
            aria-keyshortcuts={keys?.aria}
            title={keys ? `${t.label} (${keys.shown})` : t.label}
            disabled={t.disabled}
            // Keep the text's selection and focus when clicked.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setCurrent(i);
              t.run();
            }}
            className={`min-h-9 min-w-9 rounded px-2 text-sm font-medium text-stone-800 hover:bg-stone-200 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-rose-100 aria-pressed:text-rose-900 ${t.face === 'B' ? 'font-bold' : ''} ${t.face === 'I' ? 'italic' : ''} ${t.group ? 'ml-1 sm:ml-2' : ''}`}
          >
            {t.face}
          </button>
        );
      })}
    </div>
  );
}
