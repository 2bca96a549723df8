/**
 * Where a report preview can be shown (spec part 2 §2 step 4 and §9: 'preview not generated on
 * mobile user agents'; a message when the browser cannot display PDFs).
 */

/**
 * A phone, as MDN recommends detecting one: the user agent says 'Mobi'. Tablets (Android tablets,
 * iPadOS which reports a desktop Safari) are not mobile here: they are the controllers' device and
 * display a PDF in an iframe well, while a phone's iframe cannot.
 */
export function estAgentMobile(userAgent: string): boolean {
  return /Mobi|iPhone|iPod|Windows Phone|Opera Mini/i.test(userAgent);
}

/**
 * `navigator.pdfViewerEnabled` is false when the browser will download a PDF rather than show it
 * (headless browsers, the viewer disabled by policy). Older browsers lack the property: assume
 * they can, as they did before it existed.
 */
export function lecteurPdfDisponible(nav: Partial<Pick<Navigator, 'pdfViewerEnabled'>>): boolean {
  return nav.pdfViewerEnabled !== false;
}
