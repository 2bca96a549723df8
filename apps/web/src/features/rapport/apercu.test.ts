import { describe, expect, it } from 'vitest';
import { estAgentMobile, lecteurPdfDisponible } from './apercu';

describe('estAgentMobile', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      true,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      true,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      false,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', false],
  ])('%s → %s', (ua, attendu) => {
    expect(estAgentMobile(ua)).toBe(attendu);
  });
});

describe('lecteurPdfDisponible', () => {
  it('is false only when the browser says so', () => {
    expect(lecteurPdfDisponible({ pdfViewerEnabled: false })).toBe(false);
    expect(lecteurPdfDisponible({ pdfViewerEnabled: true })).toBe(true);
    // Older Safari and Firefox have no such property.
    expect(lecteurPdfDisponible({})).toBe(true);
  });
});
