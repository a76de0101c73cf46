import { describe, expect, it } from 'vitest';
import { displayUrl, externalUrl, formatScore, isHighGrowth } from './format.ts';

describe('company formatting', () => {
  it('calls growth above 50 % high growth, and 50 % itself not', () => {
    expect(isHighGrowth(0.51)).toBe(true);
    expect(isHighGrowth(0.5)).toBe(false);
    expect(isHighGrowth(null)).toBe(false);
  });

  it('shows scores with one decimal', () => {
    expect(formatScore(7.96)).toBe('8.0');
    expect(formatScore(6)).toBe('6.0');
  });

  it('links bare domains outside the app and shows them short', () => {
    expect(externalUrl('lumen.example')).toBe('https://lumen.example');
    expect(externalUrl('http://lumen.example')).toBe('http://lumen.example');
    expect(displayUrl('https://www.lumen.example/')).toBe('lumen.example');
  });
});
