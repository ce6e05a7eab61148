import type { BloomBridge } from '../../shared/bridge';

/**
 * Every file dropped anywhere in the window is first read and checked by main (type by content,
 * 5 MB limit). A refused file never reaches the image control; an accepted one is handed on as the
 * checked bytes in a fresh drop event at the same spot, so the admin module's own drop handling
 * works unchanged.
 */
export function installDropGate(
  bridge: BloomBridge,
  refuse: (message: string) => void,
  win: Window = window,
) {
  const forwarded = new WeakSet<Event>();
  const onDrop = (e: DragEvent) => {
    if (forwarded.has(e)) return;
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const target = e.target instanceof Node ? e.target : win.document.body;
    const { clientX, clientY } = e;
    void bridge.readDroppedImage(file).then((res) => {
      if (!res.ok) return refuse(res.message);
      const dt = new DataTransfer();
      dt.items.add(new File([res.value.data], res.value.name, { type: res.value.type }));
      const checked = new DragEvent('drop', {
        bubbles: true,
        cancelable: true,
        dataTransfer: dt,
        clientX,
        clientY,
      });
      forwarded.add(checked);
      target.dispatchEvent(checked);
    });
  };
  win.addEventListener('drop', onDrop, true);
  return () => win.removeEventListener('drop', onDrop, true);
}
