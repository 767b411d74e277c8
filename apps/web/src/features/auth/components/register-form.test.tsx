import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterForm } from './register-form';

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'anna.meier');
  await user.type(screen.getByLabelText('Email Address'), 'anna@example.ch');
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  return user;
}

// Typing four fields with user-event takes seconds on a loaded machine.
describe('RegisterForm', { timeout: 15_000 }, () => {
  it("shows 'Passwords do not match' and sends nothing when the confirmation differs", async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm onSubmit={onSubmit} />);
    const user = await fill('secret-pass-1', 'secret-pass-2');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toBe('register-confirm-error');
    expect(document.activeElement).toBe(confirm);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the chosen role as status with the account data', async () => {
    const onSubmit = vi.fn();
    render(<RegisterForm onSubmit={onSubmit} />);
    const user = await fill('secret-pass-1', 'secret-pass-1');
    await user.click(screen.getByRole('radio', { name: 'Seller' }));
    expect((screen.getByRole('radio', { name: 'Seller' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith({
      username: 'anna.meier',
      email: 'anna@example.ch',
      password: 'secret-pass-1',
      status: 'STORE_OWNER',
    });
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('shows the server detail in a red alert', () => {
    render(<RegisterForm onSubmit={vi.fn()} error="This username is taken." />);
    expect(screen.getByRole('alert').textContent).toBe('This username is taken.');
  });
});
