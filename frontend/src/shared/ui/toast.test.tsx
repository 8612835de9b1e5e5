import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastOptions } from './toast';

function Trigger({ options, label = 'Show' }: { options: ToastOptions; label?: string }) {
  const { toast } = useToast();
  return <button onClick={() => toast(options)}>{label}</button>;
}

describe('toasts', () => {
  it('shows a title and a description as a polite status', () => {
    render(
      <ToastProvider>
        <Trigger options={{ title: 'Logged out', description: 'You have been successfully logged out.' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Logged out');
    expect(toast).toHaveTextContent('You have been successfully logged out.');
    expect(toast).toHaveAttribute('data-variant', 'default');
  });

  it('shows destructive toasts as alerts', () => {
    render(
      <ToastProvider>
        <Trigger options={{ title: 'Logout failed', description: '500: Boom', variant: 'destructive' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Logout failed500: Boom');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the current one', () => {
    render(
      <ToastProvider>
        <Trigger label="First" options={{ title: 'First toast' }} />
        <Trigger label="Second" options={{ title: 'Second toast' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    fireEvent.click(screen.getByRole('button', { name: 'Second' }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Second toast');
    expect(screen.queryByText('First toast')).not.toBeInTheDocument();
  });

  it('closes by itself after 5000 ms, not before', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger options={{ title: 'Saved' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(200)); // 5100 ms: closing
    act(() => vi.advanceTimersByTime(1000)); // exit transition done
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('can be dismissed with its close button, and a click elsewhere does not dismiss it', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger options={{ title: 'Saved' }} />
        <p>elsewhere</p>
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    act(() => vi.advanceTimersByTime(10));
    fireEvent.click(screen.getByText('elsewhere'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger options={{ title: 'x' }} />)).toThrow('useToast must be used inside <ToastProvider>');
  });
});
