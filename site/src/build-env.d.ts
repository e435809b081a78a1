/** The year the site was built (vite.config.ts). */
declare const __BUILD_YEAR__: number;
