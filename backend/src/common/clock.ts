import { Injectable } from '@nestjs/common';

/**
 * The time for work that runs on the calendar (the daily digest): one place to read it, so a
 * test can move it for a whole application, its scheduled jobs included.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
