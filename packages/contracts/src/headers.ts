export const HEADER_DROIT_ACTIF = 'x-droit-actif';
export const HEADER_APP_VERSION = 'x-app-version';
export const REFRESH_COOKIE = 'estive_refresh';
