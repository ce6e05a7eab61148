/**
 * What a reader does between the server's HTML and hydration (a slow phone; a crowded CI runner).
 *
 * React keeps text typed into a server-rendered field before hydration on screen, but no onChange ever
 * tells the page's state: the contact form then says "Please enter your name" under a filled-in name,
 * the footer form subscribes nobody, and a search box searches for nothing. A submit in that window
 * would even go to the browser's own GET, putting the email and the story into the URL and losing them,
 * and a button (the phone menu) pressed before React listens does nothing at all.
 *
 * So, in one place for every form and button: submits and button presses are held from the moment the
 * first script runs, and once the page has hydrated every field the reader changed is replayed as the
 * input event React listens for, then each held button is pressed once and the held submits are sent.
 * Links need nothing: before hydration they navigate as plain links. Before the first script runs
 * nothing can be held; see docs/architecture.md (Web).
 */

import { useEffect } from 'react';

type Held = { form: HTMLFormElement; submitter: HTMLElement | null };

let hydrated = false;
const held: Held[] = [];
const pressed: HTMLButtonElement[] = [];
// Each field's last change before the replay, as the replay that makes it again. Kept from the event,
// not read back from the page at the end: React listens from hydrateRoot on, well before the replay,
// and a change it sees in that window (the reader typing on into the story) re-renders the form and
// puts every other field back to the state it still has, wiping what was typed first (CI saw a name,
// an email and a title lost that way, and "Name is required" under a story the reader had filled in).
const changed = new Map<Element, () => void>();

/** From the first line of the browser entry: a submit or a button press before hydration waits for it. */
export function holdEarlyInput(doc: Document): void {
  doc.addEventListener(
    'click',
    (event) => {
      if (hydrated || !(event.target instanceof Element)) return;
      // Submit buttons send their form (held below); plain buttons do what React was to do.
      const button = event.target.closest('button');
      if (button?.type !== 'button') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // A second press because the first did nothing still means "press it".
      if (!pressed.includes(button)) pressed.push(button);
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      if (hydrated) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || held.some((h) => h.form === form)) return;
      held.push({ form, submitter: (event as SubmitEvent).submitter ?? null });
    },
    true,
  );
  const record = (event: Event) => {
    if (hydrated || !(event.target instanceof Element)) return;
    const replay = replayOf(event.target, { evenIfDefault: true });
    if (replay) changed.set(event.target, replay);
  };
  doc.addEventListener('input', record, true);
  doc.addEventListener('change', record, true);
}

/**
 * Placed after the page inside its Suspense boundary, so its effect runs once the page and the chrome
 * around it have hydrated; renders nothing.
 */
export function EarlyInputReplay() {
  useEffect(() => {
    const replay = setTimeout(() => replayEarlyInput(document.getElementById('root') ?? document.body));
    return () => clearTimeout(replay);
  }, []);
  return null;
}

/**
 * Once hydrated: what was typed and chosen reaches React, then the held submits go. Call it from a
 * task of its own, not inside an effect: inside React's own work the form's state update waits, and
 * React puts each controlled field back to the state it still has (empty) before it runs.
 */
export function replayEarlyInput(root: HTMLElement): void {
  if (hydrated) return;
  hydrated = true;
  // Every field's replay is read before any runs: the first replayed change re-renders its form, and
  // React then puts the other controlled fields back to the (empty) state it knows. A field with no
  // recorded change still counts where it differs from the server's HTML (a value the browser put
  // back without an event, as on Back).
  const replays = new Map([...changed].filter(([field]) => field.isConnected));
  changed.clear();
  for (const field of root.querySelectorAll('input, textarea, select')) {
    if (replays.has(field)) continue;
    const replay = replayOf(field, { evenIfDefault: false });
    if (replay) replays.set(field, replay);
  }
  for (const replay of replays.values()) replay();
  for (const button of pressed.splice(0)) if (button.isConnected && !button.disabled) button.click();
  for (const { form, submitter } of held.splice(0)) {
    if (!form.isConnected) continue;
    const button = submitter?.isConnected && submitter.closest('form') === form ? submitter : undefined;
    form.requestSubmit(button);
  }
}

const NOT_TYPED = new Set(['submit', 'button', 'reset', 'image', 'file', 'hidden']);

/**
 * The field's state now, as a function that makes it again where React sees it. None for a field that
 * is no reader's input, or, unless `evenIfDefault` (a change the reader was seen to make), for one
 * still as the server sent it.
 */
function replayOf(field: Element, { evenIfDefault }: { evenIfDefault: boolean }): (() => void) | undefined {
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].map((o) => o.selected);
    if (!evenIfDefault && [...field.options].every((o) => o.selected === o.defaultSelected)) return;
    return () => {
      for (const [i, option] of [...field.options].entries()) option.selected = chosen[i] ?? false;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    };
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // A radio counts where the reader chose it; unchecking one is a side effect of choosing another.
    const wanted = field.checked;
    if (
      field.type === 'radio'
        ? !wanted || (!evenIfDefault && field.defaultChecked)
        : !evenIfDefault && wanted === field.defaultChecked
    )
      return;
    // Through the element's own property React's tracker learns the other state; the click then makes
    // the reader's choice again, as the event React turns into onChange.
    return () => {
      field.checked = !wanted;
      field.click();
    };
  }
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) return;
  const typed = field.value;
  if (!evenIfDefault && typed === field.defaultValue) return;
  return () => {
    // As for the checkbox: the tracker is set to another value (the server's, where that differs),
    // the DOM gets the typed text through the prototype's setter (which the tracker does not see),
    // and the input event reports it.
    field.value = typed === field.defaultValue ? `${typed} ` : field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
}
