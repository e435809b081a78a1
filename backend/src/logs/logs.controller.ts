import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import { CreateLogEntryDto } from './dto/create-log-entry.dto.js';
import { LogsService } from './logs.service.js';

@ApiTags('logs')
@Controller('logs')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Post()
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'Written to the server log' })
  record(@Body() entry: CreateLogEntryDto): void {
    this.logs.record(entry);
  }
}
