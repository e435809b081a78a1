import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { RATE_LIMIT_STORE, RateLimitService } from './rate-limit.service.js';
import { PostgresRateLimitStore, RedisRateLimitStore } from './rate-limit.store.js';

@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [AppConfig, getDataSourceToken()],
      useFactory: (config: AppConfig, dataSource: DataSource) =>
        config.redisUrl
          ? new RedisRateLimitStore(config.redisUrl)
          : new PostgresRateLimitStore(dataSource),
    },
    RateLimitService,
  ],
  exports: [RateLimitService],
})
export class RateLimitModule {}
