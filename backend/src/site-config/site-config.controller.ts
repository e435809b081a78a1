import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SiteConfig } from '@leadpulse/common';
import { AppConfig } from '../config/app-config.js';

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
