// A <dialog> shown as a modal while `open` is true (the side menu, the bid sheet): focus moves to its
// first control, the page behind it is inert and does not scroll, and when it closes (its close
// button, Escape, a tap beside it) the page scrolls again and focus goes back where it came from.
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';

interface ModalDialog {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The control that has focus when the dialog opens (its close button). */
  firstRef: RefObject<HTMLButtonElement | null>;
  /** For the dialog's onClose, fired by dialog.close() and by Escape alike. */
  onDialogClose: () => void;
  /** For the dialog's onClick: the dialog fills the screen, so a click on it (not on its panel) is a tap beside it. */
  onDialogClick: (event: MouseEvent<HTMLDialogElement>) => void;
}

export function useModalDialog(open: boolean, close: () => void, returnFocusTo: RefObject<HTMLElement | null>): ModalDialog {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      firstRef.current?.focus();
      document.documentElement.classList.add('overflow-hidden');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // The page scrolls again however the dialog goes, even when it is unmounted open.
  useEffect(() => () => document.documentElement.classList.remove('overflow-hidden'), []);

  return {
    dialogRef,
    firstRef,
    onDialogClose: () => {
      document.documentElement.classList.remove('overflow-hidden');
      returnFocusTo.current?.focus();
      close();
    },
    onDialogClick: (event) => {
      if (event.target === event.currentTarget) close();
    },
  };
}
