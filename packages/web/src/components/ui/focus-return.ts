import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix gives focus back on close only to its own Trigger; our dialogs mostly
 * open from state (a menu item, a button elsewhere), so a keyboard user closing
 * one with Escape was left on <body>, at the top of the page. This remembers
 * what had focus when the dialog opened and returns there when it still exists,
 * unless another dialog is open by then (one dialog handing over to the next,
 * as Buy Points does to the card form): focus must stay trapped in that one.
 */
export function useFocusReturn(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element?.isConnected || anotherDialogIsOpen()) return;
      event.preventDefault();
      element.focus();
    },
  };
}

const anotherDialogIsOpen = () => document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;
