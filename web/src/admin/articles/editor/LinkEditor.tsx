import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui';
import { isHttpAddress } from './extensions';

/**
 * The link popover (issue 31 §1): opened by the toolbar's Link or Ctrl/Cmd+K, prefilled with the link
 * under the cursor. Only a full http(s) address is accepted. Escape or Cancel closes it and returns to
 * the text; with no text selected, the address itself becomes the link's text.
 */
export function LinkEditor({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  function apply(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    const value = href.trim();
    if (!isHttpAddress(value)) {
      setError('Enter a full address that starts with http:// or https://');
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] })
        .run();
    } else {
      // Typing goes on after the link, not over the linked words.
      chain
        .setLink({ href: value })
        .command(({ tr }) => {
          tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
          return true;
        })
        .run();
    }
    onClose();
  }
  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  }

  return (
    // A form of its own would nest inside the article's form: a div with its own submit handling.
    <div
      role="dialog"
      aria-label={current ? 'Edit link' : 'Add link'}
      className="border border-b-0 border-stone-300 bg-white p-3"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) apply(e);
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        Link address
      </label>
      <input
        ref={input}
        id={id}
        type="url"
        inputMode="url"
        value={href}
        placeholder="https://…"
        onChange={(e) => {
          setHref(e.target.value);
          setError('');
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onClick={apply}>Apply link</Button>
        {current && (
          <Button variant="secondary" onClick={remove}>
            Remove link
          </Button>
        )}
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
