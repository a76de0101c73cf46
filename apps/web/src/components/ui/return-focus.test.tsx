import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog.tsx';
import { MAIN_CONTENT_ID } from './return-focus.ts';

function Page({ removeOpenerOnClose = false }: { removeOpenerOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1}>
      <button type="button">Something else</button>
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Open details
        </button>
      )}
      <ModalDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && removeOpenerOnClose) setOpenerShown(false);
        }}
        title="Details"
      >
        <p>Body</p>
      </ModalDialog>
    </main>
  );
}

describe('Focus after a dialog closes', () => {
  it('goes back to the button that opened it', async () => {
    render(<Page />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open details' })).toHaveFocus());
  });

  it('goes to the main content when the opener is gone', async () => {
    render(<Page removeOpenerOnClose />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
