import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { writeOffline, type WrittenDraft } from './offline-writer.js';

export interface WrittenSet {
  provider: 'offline' | 'llm';
  fallback: boolean;
  drafts: WrittenDraft[];
}

/** Writes the five drafts for a post. */
@Injectable()
export class CommentWriterService {
  /** `recent`: the member's last drafts, none of which may come back. */
  async write(postText: string, recent: string[]): Promise<WrittenSet> {
    return {
      provider: 'offline',
      fallback: false,
      drafts: writeOffline(postText, { recent, seed: randomInt(2 ** 31) }),
    };
  }
}
