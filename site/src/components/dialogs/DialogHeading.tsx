import type { ReactNode } from 'react';
import { DialogTitle, IconButton } from '@mui/material';
import Close from '@mui/icons-material/Close';

/**
 * A dialog's title with a Close button in its corner: on a phone the backdrop around a dialog is
 * a sliver (or none, full screen), and Escape needs a keyboard.
 */
export function DialogHeading({
  id,
  onClose,
  children,
}: {
  id: string;
  /**
   * Absent while the dialog must not close (a payment being started); null where the dialog's own
   * Close button already ends it.
   */
  onClose: (() => void) | undefined | null;
  children: ReactNode;
}) {
  return (
    <DialogTitle id={id} sx={{ pr: 7 }}>
      {children}
      {onClose !== null && (
        <IconButton
          aria-label="Close"
          onClick={onClose ?? undefined}
          disabled={!onClose}
          sx={{ position: 'absolute', right: 8, top: 8, color: 'text.secondary' }}
        >
          <Close />
        </IconButton>
      )}
    </DialogTitle>
  );
}
