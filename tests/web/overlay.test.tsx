/** The shared modal and popover (native <dialog>), and the one error-message rule. */

import { ApiError, messageOf } from '@clubs/web/src/api/errors.ts';
import { Modal } from '@clubs/web/src/components/overlay/Modal.tsx';
import { Popover } from '@clubs/web/src/components/overlay/Popover.tsx';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

function ModalHarness({ closable = true }: { closable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Delete Club"
        description="Sure?"
        onClose={() => setOpen(false)}
        closable={closable}
      >
        <button type="button">Confirm</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled, described dialog; Escape closes it and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete Club' });
    expect(dialog).toHaveAccessibleDescription('Sure?');
    expect(dialog).toHaveAttribute('open');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('stays open while busy: Escape and a press on the backdrop do nothing', async () => {
    const user = userEvent.setup();
    render(<ModalHarness closable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Club' });
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog', { name: 'Delete Club' })).toBeInTheDocument();
  });

  it('a press on the backdrop (the dialog itself, outside its panel) closes it', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Popover', () => {
  it('opens from its button, closes with Escape or a press outside, focus back on the button', async () => {
    const user = userEvent.setup();
    render(
      <>
        <p>Outside</p>
        <Popover label="Filters" buttonText="Filters">
          {(close) => (
            <button type="button" onClick={close}>
              Apply
            </button>
          )}
        </Popover>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Filters' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toHaveAttribute('open');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('messageOf', () => {
  const api = (status: number, message: string) => new ApiError(status, { code: 'x', message });

  it("shows the API's message for refusals it explains, an unreachable server and 503", () => {
    expect(messageOf(api(409, 'Already a member'), 'fallback')).toBe('Already a member');
    expect(messageOf(api(0, 'Could not reach the server.'), 'fallback')).toBe('Could not reach the server.');
    expect(messageOf(api(503, 'Stripe is unavailable'), 'fallback')).toBe('Stripe is unavailable');
  });

  it('never shows a 500 or a raw exception; a message written for people passes', () => {
    expect(messageOf(api(500, 'Internal error'), 'Failed to save')).toBe('Failed to save');
    expect(messageOf(new TypeError('Failed to fetch'), 'Failed to save')).toBe('Failed to save');
    expect(messageOf('boom', 'Failed to save')).toBe('Failed to save');
    expect(messageOf(new Error('Incorrect username or password.'), 'x')).toBe(
      'Incorrect username or password.',
    );
  });
});
