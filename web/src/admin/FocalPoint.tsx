import { type FocalPoint, focusPosition } from '@site/shared';
import { type KeyboardEvent, type MouseEvent, useId, useRef } from 'react';
import { Button } from './ui';

const CENTRE: FocalPoint = { x: 50, y: 50 };
const clamp = (n: number) => Math.min(100, Math.max(0, n));
const round = (n: number) => Math.round(n * 10) / 10;

/** "30% across, 70% down", or what an unset point means. */
export const focusText = (focus: FocalPoint | null) =>
  focus ? `${focus.x}% across, ${focus.y}% down` : 'not set (centre)';

const MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The image field's preview with its focal point (issue 39 §4): a click or tap on the picture puts the
 * point there, the arrow keys move it (1 %, Shift 10 %), "Reset focal point" clears it; below, the
 * 16:9 and square crops pages will make with it. The picture is shown whole (never cropped here),
 * so a spot on the control is the same spot on the picture.
 */
export function FocalPointPreview({
  src,
  focus,
  onFocusChange,
  onError,
}: {
  /** The picture's plain address (no `#focus=`). */
  src: string;
  focus: FocalPoint | null;
  onFocusChange: (focus: FocalPoint | null) => void;
  onError: () => void;
}) {
  const hintId = useId();
  const control = useRef<HTMLDivElement>(null);
  const text = focusText(focus);
  const position = focusPosition(focus);

  function pick(e: MouseEvent<HTMLDivElement>) {
    const rect = e.currentTarget.getBoundingClientRect();
    if (!(rect.width > 0 && rect.height > 0)) return;
    onFocusChange({
      x: Math.round(clamp(((e.clientX - rect.left) / rect.width) * 100)),
      y: Math.round(clamp(((e.clientY - rect.top) / rect.height) * 100)),
    });
  }

  function move(e: KeyboardEvent<HTMLDivElement>) {
    const dir = MOVES[e.key];
    if (!dir) return;
    e.preventDefault();
    const step = e.shiftKey ? 10 : 1;
    const from = focus ?? CENTRE;
    onFocusChange({ x: round(clamp(from.x + dir[0] * step)), y: round(clamp(from.y + dir[1] * step)) });
  }

  return (
    <div className="mb-3">
      {/* A two-way slider (as colour pickers' areas are): the value is the point across and down. */}
      <div
        ref={control}
        role="slider"
        tabIndex={0}
        aria-label="Focal point"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={focus?.x ?? CENTRE.x}
        aria-valuetext={text}
        aria-describedby={hintId}
        onClick={pick}
        onKeyDown={move}
        className="relative inline-block max-w-full cursor-crosshair rounded align-top focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-600 focus-visible:ring-offset-2"
      >
        <img
          src={src}
          alt="Preview"
          draggable={false}
          className="block max-h-48 max-w-full rounded"
          onError={onError}
        />
        {focus && (
          <span
            aria-hidden="true"
            data-testid="focal-marker"
            className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-rose-600/70 shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
            style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
          />
        )}
      </div>
      <p className="mt-1 text-xs text-stone-600">
        <span>Focal point: {text}.</span>{' '}
        <span id={hintId}>
          Click or tap the picture where it matters most, or use the arrow keys (Shift for bigger steps);
          crops keep that point in view.
        </span>
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <figure>
          <img
            src={src}
            alt=""
            className="h-16 w-auto rounded object-cover aspect-video"
            style={{ objectPosition: position }}
          />
          <figcaption className="text-xs text-stone-600">16:9 crop</figcaption>
        </figure>
        <figure>
          <img
            src={src}
            alt=""
            className="h-16 w-16 rounded object-cover"
            style={{ objectPosition: position }}
          />
          <figcaption className="text-xs text-stone-600">Square crop</figcaption>
        </figure>
        {focus && (
          <Button
            variant="ghost"
            onClick={() => {
              onFocusChange(null);
              control.current?.focus();
            }}
          >
            Reset focal point
          </Button>
        )}
      </div>
    </div>
  );
}
