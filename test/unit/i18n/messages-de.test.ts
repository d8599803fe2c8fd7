/** shared/i18n/messages-de.ts: the catalogue's German, bundled apart. */
import { describe, expect, it } from 'vitest';
import { details, messages } from '../../../shared/i18n/messages';
import { germanDetails, germanMessages } from '../../../shared/i18n/messages-de';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the German catalogue', () => {
  it('says every message and detail line of the catalogue, and nothing else', () => {
    expect(Object.keys(germanMessages).sort()).toEqual(Object.keys(messages).sort());
    expect(Object.keys(germanDetails).sort()).toEqual(Object.keys(details).sort());
  });

  it('fills the same parameters as the English, each German text its own', () => {
    for (const [key, def] of Object.entries(messages))
      expect(placeholders(germanMessages[key as keyof typeof messages]), key).toEqual(placeholders(def.en));
    for (const [key, def] of Object.entries(details))
      expect(placeholders(germanDetails[key as keyof typeof details]), key).toEqual(placeholders(def.en));
    const texts = [...Object.values(germanMessages), ...Object.values(germanDetails)];
    expect(texts.every((text) => text.trim().length > 0)).toBe(true);
    // Not the English copied: most German texts differ from their English.
    const same = Object.entries(messages).filter(
      ([key, def]) => germanMessages[key as keyof typeof messages] === def.en,
    );
    expect(same.length).toBeLessThan(Object.keys(messages).length / 10);
  });
});
