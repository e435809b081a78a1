import { randomInt } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { describeFailure, LlmCommentWriter } from './llm-writer.js';
import { writeOffline, type WrittenDraft } from './offline-writer.js';

export interface WrittenSet {
  provider: 'offline' | 'llm';
  fallback: boolean;
  drafts: WrittenDraft[];
}

/**
 * Writes the five drafts for a post: through the configured LLM when there is one, else (and
 * whenever it fails) offline.
 */
@Injectable()
export class CommentWriterService {
  private readonly logger = new Logger(CommentWriterService.name);
  private readonly llm: LlmCommentWriter | undefined;

  constructor(config: AppConfig) {
    this.llm = config.llm ? new LlmCommentWriter(config.llm) : undefined;
  }

  /** `recent`: the member's last drafts, none of which may come back. */
  async write(postText: string, recent: string[]): Promise<WrittenSet> {
    if (this.llm) {
      try {
        return { provider: 'llm', fallback: false, drafts: await this.llm.write(postText, recent) };
      } catch (error) {
        this.logger.warn(`The LLM could not write comment drafts: ${describeFailure(error)}`);
        return { provider: 'offline', fallback: true, drafts: this.offline(postText, recent) };
      }
    }
    return { provider: 'offline', fallback: false, drafts: this.offline(postText, recent) };
  }

  private offline(postText: string, recent: string[]): WrittenDraft[] {
    return writeOffline(postText, { recent, seed: randomInt(2 ** 31) });
  }
}
