/** A text file imported whole (`./x.md?raw`, Vite and Vitest): only tests use it. */
declare module '*.md?raw' {
  const texte: string;
  export default texte;
}
