import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useRef, type ReactNode } from 'react';

/** The control that takes focus when a dialog opens, unless one is marked `data-autofocus`. */
const FIRST_USABLE =
  'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]';
/** When, after opening, a dialog looks whether another dialog's closing took its focus away. */
const FOCUS_CHECKS_MS = [50, 150, 300];

const widthClass = {
  md: 'sm:max-w-md',
  lg: 'sm:max-w-lg',
  xl: 'sm:max-w-4xl',
} as const;

interface ModalDialogProps {
  open?: boolean;
  title: ReactNode;
  /** A line under the title that screen readers read with it. */
  description?: ReactNode;
  width?: keyof typeof widthClass;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The one dialog frame. Headless UI traps focus inside, closes on Escape and gives focus back
 * to what opened it; the first control marked `data-autofocus` (or else the first focusable
 * one) takes focus on open. On a phone it rises from the bottom as a sheet, no wider than the
 * screen, and scrolls inside itself so the page never scrolls sideways.
 */
export function ModalDialog({
  open = true,
  title,
  description,
  width = 'lg',
  onClose,
  children,
}: ModalDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  // One dialog closing as the next opens (confirm, then the form) hands focus back to the
  // page after the new one took it; for a moment after opening, focus found on the page
  // (outside every dialog, or nowhere) comes back here.
  useEffect(() => {
    if (!open) return;
    const takeFocus = () => {
      const el = panel.current;
      const active = document.activeElement;
      if (!el || el.contains(active)) return;
      if (active && active !== document.body && active.closest('[role="dialog"]')) return;
      // The marked control wins over an earlier one (a form's mode toggle before its first box).
      (
        el.querySelector<HTMLElement>('[data-autofocus]') ??
        el.querySelector<HTMLElement>(FIRST_USABLE)
      )?.focus();
    };
    const frame = requestAnimationFrame(takeFocus);
    const timers = FOCUS_CHECKS_MS.map((ms) => setTimeout(takeFocus, ms));
    return () => {
      cancelAnimationFrame(frame);
      timers.forEach(clearTimeout);
    };
  }, [open]);
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          ref={panel}
          className={`max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:max-h-[90dvh] sm:rounded-2xl sm:p-6 ${widthClass[width]}`}
        >
          <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
          {description && (
            <Description as="div" className="mt-1 text-slate-700">
              {description}
            </Description>
          )}
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
