import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix gives focus back on close only to its own Trigger; our dialogs mostly
 * open from state (a menu item, a button elsewhere), so a keyboard user closing
 * one with Escape was left on <body>, at the top of the page. This remembers
 * what had focus when the dialog opened and returns there when it still exists.
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
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
