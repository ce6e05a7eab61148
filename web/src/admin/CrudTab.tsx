import { SKELETONS } from '@site/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFormFocus } from './form-focus';
import { confirmLeave, useLeaveGuard } from './list/use-leave-guard';
import { Button, ConfirmDialog, Skeletons } from './ui';

/** What the form gets: close it after a save, cancel (asks when dirty), and report unsaved changes. */
export interface FormControls {
  close: () => void;
  cancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * What the bulk bar acts on: the ticked rows, or every result of the search and filters (more than
 * are loaded: "Select all N results"). `total` is the list's count, a lower bound when `capped`.
 */
export type BulkSelection<T> = { kind: 'rows'; items: T[] } | { kind: 'all'; total: number; capped: boolean };

export interface CrudTabProps<T extends { id: number }> {
  /** "Article" */
  entity: string;
  items: T[];
  isLoading: boolean;
  error: Error | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /**
   * The form; `editing` is null for a new item. Call `close` after a successful submit, `cancel` on
   * Cancel (it asks first when there are unsaved changes), and `onDirtyChange` as edits come and go.
   */
  renderForm: (editing: T | null, form: FormControls) => ReactNode;
  renderRow: (item: T) => ReactNode;
  itemTitle: (item: T) => string;
  onDelete: (item: T) => void;
  deleting: boolean;
  /** Open this item for editing once it is in the list (links like ?tab=articles&edit=12). */
  initialEditId?: number | null;
  /** At the very top of the tab, above the heading (the insights panels). */
  panels?: ReactNode;
  /** More buttons before a row's Edit (an article's Reads). */
  renderActions?: (item: T) => ReactNode;
  /** Search, filters and sort above the list (issue 15). */
  toolbar?: ReactNode;
  /** Matches of the current search and filters (X-Total-Count). */
  total?: number | undefined;
  /** The server stopped counting at `total` (X-Total-Count-Capped). */
  totalCapped?: boolean;
  /** Shown when a search or filter matches nothing. */
  filtered?: boolean;
  /** Bulk actions: rows get a checkbox; this renders the bar for the selection. */
  bulk?: (selection: BulkSelection<T>, clear: () => void) => ReactNode;
  /** The search and filters: when they change, the selection is cleared. */
  selectionKey?: string;
  /** Whether the signed-in role may edit this item (permissions.ts); without it, every item. */
  canEdit?: (item: T) => boolean;
  /** Whether the signed-in role may delete this item; without it, every item. */
  canDelete?: (item: T) => boolean;
}

/**
 * The shared shape of the Articles, Products and Recipes tabs (spec §4 admin forms): Add toggles the
 * form and clears any item being edited; Edit opens it prefilled; delete asks first.
 */
export function CrudTab<T extends { id: number }>(p: CrudTabProps<T>) {
  const mayEdit = (item: T) => p.canEdit?.(item) ?? true;
  const mayDelete = (item: T) => p.canDelete?.(item) ?? true;
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  // A new key each time the form opens, so its fields (and image) start from scratch.
  const [formKey, setFormKey] = useState(0);
  const [openedInitial, setOpenedInitial] = useState(false);
  const [dirty, setDirty] = useState(false);
  // Focus (issue 41 §8): into the form when it opens, back to the button that opened it when it closes.
  const formSection = useRef<HTMLElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = useRef(false);
  useFormFocus(formSection, open ? `${formKey}-${editing?.id ?? 'new'}` : null);
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    // The row's Edit button, unless the row is gone (deleted): then Add.
    const target = opener.current?.isConnected ? opener.current : addButton.current;
    target?.focus();
  }, [open]);
  const [selectedIds, setSelectedIds] = useState<Set<number>>(new Set());
  // Every result of the search, not only the loaded rows ("Select all N results").
  const [allResults, setAllResults] = useState(false);
  const selected = p.items.filter((i) => allResults || selectedIds.has(i.id));
  const allSelected = p.items.length > 0 && selected.length === p.items.length;
  const moreThanShown = p.total !== undefined && (p.total > p.items.length || Boolean(p.totalCapped));
  const clearSelection = () => {
    setSelectedIds(new Set());
    setAllResults(false);
  };
  const toggle = (id: number) => {
    // Unticking one row of "all results" leaves the loaded rows but that one.
    const from = allResults ? new Set(p.items.map((i) => i.id)) : selectedIds;
    const next = new Set(from);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setAllResults(false);
    setSelectedIds(next);
  };
  // A new search or filter is a new set of results: start again.
  useEffect(clearSelection, [p.selectionKey]);
  /** Closing or replacing a form with unsaved changes asks first (no lost edits). */
  const mayLeave = () => confirmLeave(open && dirty);
  useLeaveGuard(open && dirty);
  useEffect(() => {
    if (openedInitial || !p.initialEditId) return;
    const item = p.items.find((i) => i.id === p.initialEditId);
    if (!item) return;
    setOpenedInitial(true);
    // A link to an item this role may not change opens nothing (the server would refuse the save).
    if (!mayEdit(item)) return;
    setEditing(item);
    setOpen(true);
  }, [openedInitial, p.initialEditId, p.items]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
    setEditing(null);
    setDirty(false);
  };
  const closeAsking = () => {
    if (mayLeave()) close();
  };
  const plural = `${p.entity}s`;
  return (
    <div>
      {p.panels}
      <div className="mb-4 flex items-center justify-between">
        <h2 className="font-serif text-2xl font-semibold">{plural}</h2>
        <Button
          ref={addButton}
          onClick={(e) => {
            if (!mayLeave()) return;
            opener.current = e.currentTarget;
            setEditing(null);
            setFormKey((k) => k + 1);
            setOpen((o) => !(o && !editing));
          }}
        >
          Add {p.entity}
        </Button>
      </div>
      {open && (
        <section
          ref={formSection}
          className="mb-6 rounded-lg border border-stone-200 bg-white p-4"
          aria-label={`${p.entity} form`}
        >
          <h3 className="mb-4 text-lg font-semibold">
            {editing ? `Edit ${p.entity}` : `Create New ${p.entity}`}
          </h3>
          <div key={`${formKey}-${editing?.id ?? 'new'}`}>
            {p.renderForm(editing, { close, cancel: closeAsking, onDirtyChange: setDirty })}
          </div>
        </section>
      )}
      {p.toolbar}
      {p.bulk && p.items.length > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
            <input
              type="checkbox"
              className="h-5 w-5 accent-rose-700"
              checked={allSelected}
              onChange={() => {
                if (allSelected) clearSelection();
                else setSelectedIds(new Set(p.items.map((i) => i.id)));
              }}
            />
            Select all {p.items.length} shown
          </label>
          {allSelected && moreThanShown && !allResults && (
            <Button variant="ghost" className="underline" onClick={() => setAllResults(true)}>
              Select all {p.total}
              {p.totalCapped ? '+' : ''} results
            </Button>
          )}
          {allResults && (
            <Button variant="ghost" className="underline" onClick={clearSelection}>
              Clear selection
            </Button>
          )}
          {selected.length > 0 &&
            p.bulk(
              allResults && p.total !== undefined
                ? { kind: 'all', total: p.total, capped: Boolean(p.totalCapped) }
                : { kind: 'rows', items: selected },
              clearSelection,
            )}
        </div>
      )}
      {p.isLoading ? (
        <Skeletons count={SKELETONS.adminList} label={`Loading ${plural.toLowerCase()}`} />
      ) : p.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          Error: {p.error.message}
        </p>
      ) : p.items.length === 0 ? (
        <p className="py-8 text-center text-stone-600">
          {p.filtered ? `No ${plural.toLowerCase()} match this search.` : `No ${plural.toLowerCase()} yet.`}
        </p>
      ) : (
        <ul className="space-y-3">
          {p.items.map((item) => (
            // Phones: the buttons get a line of their own under the text. Beside it they left the title
            // about 80 px, one word per line, and 50 rows made the tab 27,000 px tall (issue 26).
            <li
              key={item.id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 rounded-lg border border-stone-200 bg-white p-4 sm:flex-nowrap"
            >
              {p.bulk && (
                <input
                  type="checkbox"
                  aria-label={`Select ${p.itemTitle(item)}`}
                  className="mt-1 h-5 w-5 shrink-0 accent-rose-700"
                  checked={allResults || selectedIds.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
              )}
              <div className="min-w-0 flex-1">{p.renderRow(item)}</div>
              <div
                className={`flex w-full shrink-0 flex-wrap gap-2 sm:w-auto ${p.bulk ? 'pl-9 sm:pl-0' : ''}`}
              >
                {p.renderActions?.(item)}
                {mayEdit(item) && (
                  <Button
                    variant="secondary"
                    aria-label={`Edit ${p.itemTitle(item)}`}
                    onClick={(e) => {
                      if (!mayLeave()) return;
                      opener.current = e.currentTarget;
                      setEditing(item);
                      setFormKey((k) => k + 1);
                      setOpen(true);
                    }}
                  >
                    Edit
                  </Button>
                )}
                {mayDelete(item) && (
                  <Button
                    variant="danger"
                    aria-label={`Delete ${p.itemTitle(item)}`}
                    onClick={() => setToDelete(item)}
                  >
                    Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {p.hasMore && (
        <div className="mt-4 text-center">
          <Button variant="secondary" onClick={p.onLoadMore} disabled={p.loadingMore}>
            {p.loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        removesRow
        title={`Delete ${p.entity.toLowerCase()}?`}
        body={toDelete ? `"${p.itemTitle(toDelete)}" will be deleted. This cannot be undone.` : ''}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) {
            p.onDelete(toDelete);
            if (editing?.id === toDelete.id) close();
          }
          setToDelete(null);
        }}
      />
    </div>
  );
}
