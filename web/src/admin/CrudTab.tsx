import { SKELETONS } from '@site/shared';
import { type ReactNode, useEffect, useState } from 'react';
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
  /** The form; `editing` is null for a new item. Call `close` after a successful submit or on Cancel. */
  renderForm: (editing: T | null, close: () => void) => ReactNode;
  renderRow: (item: T) => ReactNode;
  itemTitle: (item: T) => string;
  onDelete: (item: T) => void;
  deleting: boolean;
  /** Open this item for editing once it is in the list (links like ?tab=articles&edit=12). */
  initialEditId?: number | null;
  /** At the very top of the tab, above the heading (the insights panels). */
  panels?: ReactNode;
  /** Above the list, under the heading (filters). */
  toolbar?: ReactNode;
  /** More buttons before a row's Edit (an article's Reads). */
  renderActions?: (item: T) => ReactNode;
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
  const plural = `${p.entity}s`;
  return (
    <div>
      {p.panels}
      <div className="mb-4 flex items-center justify-between">
        <h2 className="font-serif text-2xl font-semibold">{plural}</h2>
        <Button
          onClick={() => {
            setEditing(null);
            setFormKey((k) => k + 1);
            setOpen((o) => !(o && !editing));
          }}
        >
          Add {p.entity}
        </Button>
      </div>
      {p.toolbar}
      {open && (
        <section
          className="mb-6 rounded-lg border border-stone-200 bg-white p-4"
          aria-label={`${p.entity} form`}
        >
          <h3 className="mb-4 text-lg font-semibold">
            {editing ? `Edit ${p.entity}` : `Create New ${p.entity}`}
          </h3>
          <div key={`${formKey}-${editing?.id ?? 'new'}`}>{p.renderForm(editing, close)}</div>
        </section>
      )}
      {p.isLoading ? (
        <Skeletons count={SKELETONS.adminList} label={`Loading ${plural.toLowerCase()}`} />
      ) : p.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          Error: {p.error.message}
        </p>
      ) : p.items.length === 0 ? (
        <p className="py-8 text-center text-stone-600">No {plural.toLowerCase()} yet.</p>
      ) : (
        <ul className="space-y-3">
          {p.items.map((item) => (
            <li
              key={item.id}
              className="flex items-start justify-between gap-4 rounded-lg border border-stone-200 bg-white p-4"
            >
              <div className="min-w-0 flex-1">{p.renderRow(item)}</div>
              <div className="flex shrink-0 gap-2">
                {p.renderActions?.(item)}
                <Button
                  variant="secondary"
                  aria-label={`Edit ${p.itemTitle(item)}`}
                  onClick={() => {
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
