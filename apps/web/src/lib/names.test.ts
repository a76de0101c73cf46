import { describe, expect, it } from 'vitest';
import { displayName, initials, planLabel, stripEmoji } from './names.ts';

describe('names', () => {
  it('removes emoji, including modifiers, joined sequences and flags', () => {
    expect(stripEmoji('Ada 🚀 Lovelace')).toBe('Ada Lovelace');
    expect(stripEmoji('👩🏽‍💻 Grace')).toBe('Grace');
    expect(stripEmoji('Zoë 🇬🇧')).toBe('Zoë');
    expect(stripEmoji('❤️Kai')).toBe('Kai');
    expect(stripEmoji('Team 1 #2')).toBe('Team 1 #2');
  });

  it('shows the full name without emoji, or the email when no name is left', () => {
    expect(displayName({ first_name: '✨Ada', last_name: 'Lovelace 🎉', email: 'ada@x.example' })).toBe(
      'Ada Lovelace',
    );
    expect(displayName({ first_name: '🎉', last_name: '', email: 'ada@x.example' })).toBe('ada@x.example');
  });

  it('takes the initials from the cleaned names', () => {
    expect(initials({ first_name: 'ada', last_name: 'lovelace' })).toBe('AL');
    expect(initials({ first_name: '🚀 Ada', last_name: '🎉' })).toBe('A');
    expect(initials({ first_name: 'Émile', last_name: 'Ørsted' })).toBe('ÉØ');
    expect(initials({ first_name: '', last_name: '', email: 'grace@x.example' })).toBe('G');
    expect(initials({})).toBe('?');
  });

  it("writes the tier as '{Tier} Plan'", () => {
    expect(planLabel('trial')).toBe('Trial Plan');
    expect(planLabel('growth')).toBe('Growth Plan');
  });
});
