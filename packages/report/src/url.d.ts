/**
 * Vite's `?url` imports (the web app's bundler): the asset's public URL. Declared here for the
 * report package's own type check; the web app has Vite's client types.
 */
declare module '*?url' {
  const url: string;
  export default url;
}
