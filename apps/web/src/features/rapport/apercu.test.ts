import { describe, expect, it } from 'vitest';
import { compterPagesPdf, estAgentMobile, lecteurPdfDisponible } from './apercu';

const pdf = (corps: string) => new TextEncoder().encode(`%PDF-1.3\n${corps}\n%%EOF`);

describe('compterPagesPdf', () => {
  it('reads the page tree root count', () => {
    expect(compterPagesPdf(pdf('1 0 obj\n<<\n/Type /Pages\n/Count 3\n/Kids [4 0 R 5 0 R 6 0 R]\n>>\nendobj'))).toBe(3);
  });
  it('takes the largest count when page trees nest, in either key order', () => {
    const corps = '<< /Count 2 /Type /Pages /Kids [] >>\n<< /Type /Pages /Count 12 /Kids [] >>';
    expect(compterPagesPdf(pdf(corps))).toBe(12);
  });
  it('says 0 when it cannot tell', () => {
    expect(compterPagesPdf(pdf('<< /Type /Catalog >>'))).toBe(0);
  });
});

describe('estAgentMobile', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', true],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', false],
  ])('%s → %s', (ua, attendu) => {
    expect(estAgentMobile(ua)).toBe(attendu);
  });
});

describe('lecteurPdfDisponible', () => {
  it('is false only when the browser says so', () => {
    expect(lecteurPdfDisponible({ pdfViewerEnabled: false })).toBe(false);
    expect(lecteurPdfDisponible({ pdfViewerEnabled: true })).toBe(true);
    expect(lecteurPdfDisponible({} as Pick<Navigator, 'pdfViewerEnabled'>)).toBe(true);
  });
});
