/** shared/i18n/messages.ts: the message catalogue. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/i18n/messages';

describe('message catalogue', () => {
  it('gives every message a unique code and a level on the PSR-3 scale', () => {
    const codes = Object.values(messages).map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
