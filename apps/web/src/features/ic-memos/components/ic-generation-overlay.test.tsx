import { IC_GENERATION_MESSAGE_MS, IC_GENERATION_MESSAGES } from '@atempo/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IcGenerationOverlay } from './ic-generation-overlay.tsx';

describe('IcGenerationOverlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const shown = () => screen.getByRole('status').textContent;

  it('cycles the seven messages, one every 7 s, then starts over', () => {
    render(<IcGenerationOverlay open company="Lumen Robotics" />);
    expect(IC_GENERATION_MESSAGE_MS).toBe(7_000);
    expect(shown()).toBe('Analysing deal data');
    act(() => vi.advanceTimersByTime(6_999));
    expect(shown()).toBe('Analysing deal data');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('Extracting financial metrics');
    for (const message of IC_GENERATION_MESSAGES.slice(2)) {
      act(() => vi.advanceTimersByTime(7_000));
      expect(shown()).toBe(message);
    }
    expect(shown()).toBe('Finalizing IC memo');
    act(() => vi.advanceTimersByTime(7_000));
    expect(shown()).toBe('Analysing deal data');
    expect(screen.getByText('Lumen Robotics')).toBeInTheDocument();
    expect(screen.getByText('This usually takes 10–15 seconds.')).toBeInTheDocument();
  });

  it('shows nothing when closed, and starts from the first message each time it opens', () => {
    const view = render(<IcGenerationOverlay open company="Lumen" />);
    act(() => vi.advanceTimersByTime(21_000));
    expect(shown()).toBe('Performing risk assessment');
    view.rerender(<IcGenerationOverlay open={false} company="Lumen" />);
    expect(screen.queryByTestId('ic-generation-overlay')).not.toBeInTheDocument();
    view.rerender(<IcGenerationOverlay open company="Lumen" />);
    expect(shown()).toBe('Analysing deal data');
  });
});
