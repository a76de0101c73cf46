import { describe, expect, it } from 'vitest';
import { calculationCitation } from '../assistant/tools/citations.ts';
import { citedNumbers, Footnotes, footnoteDefinitions, inline } from './footnotes.ts';
import { figuresWithoutFootnote } from './model-writer.ts';

describe('the memo text helpers', () => {
  it('numbers footnotes in the order they are cited and reuses a number for the same source and words', () => {
    const notes = new Footnotes();
    const runway = calculationCitation('runway', 'Runway = €6,300,000 ÷ €350,000 per month = 18 months');
    const other = calculationCitation('burn multiple', '€4,200,000 ÷ €2,100,000 = 2');
    expect(notes.cite(runway)).toBe('[^1]');
    expect(notes.cite(other)).toBe('[^2]');
    expect(notes.cite({ ...runway })).toBe('[^1]');
    expect(notes.list().map((note) => note.n)).toEqual([1, 2]);
    expect(citedNumbers('a[^1] b[^2][^1]')).toEqual([1, 2, 1]);
    expect(footnoteDefinitions(notes.list())).toBe(
      '[^1]: Calculation: runway — "Runway = €6,300,000 ÷ €350,000 per month = 18 months"\n[^2]: Calculation: burn multiple — "€4,200,000 ÷ €2,100,000 = 2"',
    );
  });

  it('keeps text from the data inline: no block syntax at its start, no line breaks, no footnote markers', () => {
    expect(inline('# Heading')).toBe('\\# Heading');
    expect(inline('- item\n\n> quote')).toBe('\\- item > quote');
    expect(inline('1. first')).toBe('\\1. first');
    expect(inline('Revenue [^3] grew [^x]')).toBe('Revenue [3] grew [x]');
    expect(inline('-€3,420,000')).toBe('-€3,420,000');
    expect(inline('  Plain words  ')).toBe('Plain words');
  });

  it('finds the figures a line states after its last footnote marker', () => {
    expect(figuresWithoutFootnote('ARR €8,400,000[^2] and cash €6,300,000[^3].')).toEqual([]);
    expect(figuresWithoutFootnote('Thematic score 9.7[^1]/10, runway 18 months.')).toEqual(['18']);
    expect(figuresWithoutFootnote('The team has 40 engineers.\nARR €8.4M[^2]')).toEqual(['40']);
    expect(figuresWithoutFootnote('Prepared 2026-11-23, Q3 2025 figures.')).toEqual([]);
  });
});
