import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CreateErrorReportDto } from './dto/create-error-report.dto.js';
import { CreateLogEntryDto } from './dto/create-log-entry.dto.js';
import { LogsService } from './logs.service.js';
import { ApiErrors, RATE_LIMITED } from '../api-docs/error-responses.js';

@ApiTags('logs')
@Controller()
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @ApiErrors(RATE_LIMITED)
  @Post('logs')
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'Written to the server log' })
  record(@Body() entry: CreateLogEntryDto, @Req() request: FastifyRequest): Promise<void> {
    return this.logs.record(entry, request.ip);
  }

  @ApiErrors(RATE_LIMITED)
  @Post('errors')
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'Stored as an error report' })
  report(@Body() report: CreateErrorReportDto, @Req() request: FastifyRequest): Promise<void> {
    return this.logs.report(report, request.ip);
  }
}
