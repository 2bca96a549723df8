import 'react';

/** The CSS custom properties the app sets inline: React's CSSProperties lists only standard ones. */
declare module 'react' {
  interface CSSProperties {
    /** A conformity segment's colour (ChoixConformite.module.css). */
    '--couleur'?: string;
  }
}
