import { SKELETONS } from '@site/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { LEAVE_QUESTION, useLeaveGuard } from './list/use-leave-guard';
import { Button, ConfirmDialog, Skeletons } from './ui';

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
   * The form; `editing` is null for a new item. Call `close` after a successful submit, and
   * `cancel` on Cancel (it asks first when there are unsaved changes).
   */
  renderForm: (editing: T | null, close: () => void, cancel: () => void) => ReactNode;
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
  /** Shown when a search or filter matches nothing. */
  filtered?: boolean;
  /** Bulk actions: rows get a checkbox; this renders the bar for the selected items. */
  bulk?: (selected: T[], clear: () => void) => ReactNode;
  /** The form has unsaved changes: ask before it closes or another item replaces it. */
  dirty?: boolean;
}

/**
 * The shared shape of the Articles, Products and Recipes tabs (spec §4 admin forms): Add toggles the
 * form and clears any item being edited; Edit opens it prefilled; delete asks first.
 */
export function CrudTab<T extends { id: number }>(p: CrudTabProps<T>) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  // A new key each time the form opens, so its fields (and image) start from scratch.
  const [formKey, setFormKey] = useState(0);
  const [openedInitial, setOpenedInitial] = useState(false);
  const [selectedIds, setSelectedIds] = useState<Set<number>>(new Set());
  const selected = p.items.filter((i) => selectedIds.has(i.id));
  const allSelected = p.items.length > 0 && selected.length === p.items.length;
  const toggle = (id: number) =>
    setSelectedIds((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  /** Closing or replacing a form with unsaved changes asks first (no lost edits). */
  const mayLeave = () => !(open && p.dirty) || window.confirm(LEAVE_QUESTION);
  useLeaveGuard(open && Boolean(p.dirty));
  useEffect(() => {
    if (openedInitial || !p.initialEditId) return;
    const item = p.items.find((i) => i.id === p.initialEditId);
    if (!item) return;
    setOpenedInitial(true);
    setEditing(item);
    setOpen(true);
  }, [openedInitial, p.initialEditId, p.items]);
  const close = () => {
    setOpen(false);
    setEditing(null);
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
          onClick={() => {
            if (!mayLeave()) return;
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
          className="mb-6 rounded-lg border border-stone-200 bg-white p-4"
          aria-label={`${p.entity} form`}
        >
          <h3 className="mb-4 text-lg font-semibold">
            {editing ? `Edit ${p.entity}` : `Create New ${p.entity}`}
          </h3>
          <div key={`${formKey}-${editing?.id ?? 'new'}`}>{p.renderForm(editing, close, closeAsking)}</div>
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
              onChange={() => setSelectedIds(allSelected ? new Set() : new Set(p.items.map((i) => i.id)))}
            />
            Select all {p.items.length} shown
          </label>
          {selected.length > 0 && p.bulk(selected, () => setSelectedIds(new Set()))}
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
            <li
              key={item.id}
              className="flex items-start justify-between gap-4 rounded-lg border border-stone-200 bg-white p-4"
            >
              {p.bulk && (
                <input
                  type="checkbox"
                  aria-label={`Select ${p.itemTitle(item)}`}
                  className="mt-1 h-5 w-5 shrink-0 accent-rose-700"
                  checked={selectedIds.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
              )}
              <div className="min-w-0 flex-1">{p.renderRow(item)}</div>
              <div className="flex shrink-0 gap-2">
                {p.renderActions?.(item)}
                <Button
                  variant="secondary"
                  aria-label={`Edit ${p.itemTitle(item)}`}
                  onClick={() => {
                    if (!mayLeave()) return;
                    setEditing(item);
                    setFormKey((k) => k + 1);
                    setOpen(true);
                  }}
                >
                  Edit
                </Button>
                <Button
                  variant="danger"
                  aria-label={`Delete ${p.itemTitle(item)}`}
                  onClick={() => setToDelete(item)}
                >
                  Delete
                </Button>
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
