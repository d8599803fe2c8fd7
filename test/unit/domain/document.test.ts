import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../../shared/domain/document';

describe('contentDisposition', () => {
  it('carries an ASCII fallback and the exact name as filename*', () => {
    expect(contentDisposition('Prüfbericht März.pdf')).toBe(`attachment; filename="Prufbericht Marz.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20M%C3%A4rz.pdf`);
  });

  it('never throws on a stored name with a lone surrogate: the ASCII name only', () => {
    expect(contentDisposition('x\ud800.pdf')).toBe('attachment; filename="x.pdf"');
    expect(contentDisposition('\udc00')).toBe('attachment; filename="download"');
  });
});
