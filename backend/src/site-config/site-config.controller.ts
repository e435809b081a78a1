import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config.js';

export interface SiteConfig {
  app_name: string;
  /** The demo clip; null means the one shipped with the site. */
  demo_video_url: string | null;
}

/** What the public site needs from the server's configuration. */
@ApiTags('site')
@Controller('site-config')
export class SiteConfigController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @Header('cache-control', 'public, max-age=300')
  get(): SiteConfig {
    return { app_name: this.config.appName, demo_video_url: this.config.demoVideoUrl ?? null };
  }
}
