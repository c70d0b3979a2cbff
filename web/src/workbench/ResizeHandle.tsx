import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { clampWidth, PANEL_WIDTH } from './workbench-layout';

const KEY_STEP_PX = 16;

/**
 * The bar between a side panel and the centre: dragged with the pointer, or focused and moved with
 * the arrow keys (Home and End for the narrowest and widest). `grows`: the direction in which moving
 * the bar widens the panel (right for the tool panel at the left, left for the history at the right).
 */
export function ResizeHandle({ label, width, grows, onResize }: { label: string; width: number; grows: 'right' | 'left'; onResize(width: number): void }) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const sign = grows === 'right' ? 1 : -1;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { startX: event.clientX, startWidth: width };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(clampWidth(drag.current.startWidth + sign * (event.clientX - drag.current.startX)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number | undefined> = {
      ArrowRight: width + sign * KEY_STEP_PX,
      ArrowLeft: width - sign * KEY_STEP_PX,
      Home: PANEL_WIDTH.min,
      End: PANEL_WIDTH.max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onResize(clampWidth(next));
  };

  return (
    <div
      className="resize-handle"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={PANEL_WIDTH.min}
      aria-valuemax={PANEL_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
