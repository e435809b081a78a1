/** `GET /api/site-config`: what the public site needs from the server's configuration. */
export interface SiteConfig {
  app_name: string;
  /** The demo clip; null means the one shipped with the site. */
  demo_video_url: string | null;
}
