import { act, type FormEvent, Suspense, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Sent = { name: string; story: string; consent: boolean; size: string; topic: string };

/** A controlled form like the site's, which reports what its state holds when sent. */
function StoryForm({ onSend, Replay }: { onSend: (s: Sent) => void; Replay: () => null }) {
  const [open, setOpen] = useState(false);
  const [f, setF] = useState<Sent>({ name: '', story: '', consent: false, size: 'm', topic: 'food' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend(f);
  };
  return (
    <Suspense fallback={null}>
      <form onSubmit={submit}>
        <input name="name" value={f.name} onChange={(e) => setF((s) => ({ ...s, name: e.target.value }))} />
        <textarea
          name="story"
          value={f.story}
          onChange={(e) => setF((s) => ({ ...s, story: e.target.value }))}
        />
        <input
          name="consent"
          type="checkbox"
          checked={f.consent}
          onChange={(e) => setF((s) => ({ ...s, consent: e.target.checked }))}
        />
        <select name="size" value={f.size} onChange={(e) => setF((s) => ({ ...s, size: e.target.value }))}>
          <option value="s">S</option>
          <option value="m">M</option>
        </select>
        {['food', 'sleep'].map((t) => (
          <input
            key={t}
            name="topic"
            type="radio"
            value={t}
            checked={f.topic === t}
            onChange={() => setF((s) => ({ ...s, topic: t }))}
          />
        ))}
        <button type="submit">Send</button>
      </form>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Menu
      </button>
      <Replay />
    </Suspense>
  );
}

describe('input before hydration (lib/early-input.ts)', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  beforeEach(() => {
    vi.resetModules(); // the module remembers that the page has hydrated
    container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
  });

  async function serverPageThenHydrate(beforeHydration: (form: HTMLFormElement) => void) {
    const { EarlyInputReplay, holdEarlyInput } = await import('./early-input');
    const sent: Sent[] = [];
    const page = <StoryForm onSend={(s) => sent.push(s)} Replay={EarlyInputReplay} />;
    container.innerHTML = renderToString(page);
    const form = container.querySelector('form')!;
    // What reached the browser's own submission: whether React had taken it (default prevented).
    const browserSubmits: boolean[] = [];
    const stopped = (e: Event) => {
      browserSubmits.push(e.defaultPrevented);
      e.preventDefault(); // the test's page must not navigate
    };
    document.addEventListener('submit', stopped);
    holdEarlyInput(document);
    beforeHydration(form);
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    document.removeEventListener('submit', stopped);
    return { sent, form, browserSubmits };
  }

  function typeBeforeHydration(form: HTMLFormElement) {
    (form.elements.namedItem('name') as HTMLInputElement).value = 'Robin';
    (form.elements.namedItem('story') as HTMLTextAreaElement).value = 'Typed early.';
    (form.elements.namedItem('consent') as HTMLInputElement).checked = true;
    (form.elements.namedItem('size') as HTMLSelectElement).value = 's';
    (form.querySelector('input[value="sleep"]') as HTMLInputElement).checked = true;
  }

  it('what the reader typed and chose reaches the form state, and a later Send sends it all', async () => {
    const { sent, form } = await serverPageThenHydrate(typeBeforeHydration);
    expect(sent).toEqual([]);
    act(() => form.querySelector('button')!.click());
    expect(sent).toEqual([
      { name: 'Robin', story: 'Typed early.', consent: true, size: 's', topic: 'sleep' },
    ]);
    expect((form.elements.namedItem('name') as HTMLInputElement).value).toBe('Robin');
  });

  it('typing that goes on while the page hydrates keeps what was typed before it (CI: a name, an email and a title lost)', async () => {
    const { EarlyInputReplay, holdEarlyInput } = await import('./early-input');
    const sent: Sent[] = [];
    const page = <StoryForm onSend={(s) => sent.push(s)} Replay={EarlyInputReplay} />;
    container.innerHTML = renderToString(page);
    holdEarlyInput(document);
    const form = container.querySelector('form')!;
    const name = form.elements.namedItem('name') as HTMLInputElement;
    const story = form.elements.namedItem('story') as HTMLTextAreaElement;
    const consent = form.elements.namedItem('consent') as HTMLInputElement;
    // Before hydration, as a browser types: the value changes and an input event follows.
    name.value = 'Robin';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    consent.click();
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    // Hydrated, the replay not yet run: React takes this change and re-renders the whole form, which
    // puts the name and the box back to the state it has (empty, unticked).
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(story, 'Typed on.');
      story.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(name.value).toBe('');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(name.value).toBe('Robin');
    act(() => form.querySelector('button')!.click());
    expect(sent).toEqual([{ name: 'Robin', story: 'Typed on.', consent: true, size: 'm', topic: 'food' }]);
  });

  it('a Send pressed before hydration is held from the browser and sent once, after the typing is replayed', async () => {
    const { sent, browserSubmits } = await serverPageThenHydrate((form) => {
      typeBeforeHydration(form);
      form.requestSubmit();
      form.requestSubmit(); // a second press while waiting sends nothing more
    });
    // One submit went on, after hydration, and React's handler took it; none went to the browser.
    expect(browserSubmits).toEqual([true]);
    expect(sent).toEqual([
      { name: 'Robin', story: 'Typed early.', consent: true, size: 's', topic: 'sleep' },
    ]);
  });

  it('a button pressed before hydration (twice, as nothing happened) is pressed once after it', async () => {
    const { sent } = await serverPageThenHydrate(() => {
      const menu = container.querySelector<HTMLButtonElement>('button[type="button"]')!;
      menu.click();
      menu.click();
    });
    expect(container.querySelector('button[type="button"]')!.getAttribute('aria-expanded')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('untouched fields are left alone: nothing is sent and the defaults stay', async () => {
    const { sent, form } = await serverPageThenHydrate(() => undefined);
    expect(sent).toEqual([]);
    act(() => form.querySelector('button')!.click());
    expect(sent).toEqual([{ name: '', story: '', consent: false, size: 'm', topic: 'food' }]);
  });
});
