import { Module } from '@nestjs/common';
import { SiteConfigController } from './site-config.controller.js';

@Module({ controllers: [SiteConfigController] })
export class SiteConfigModule {}
