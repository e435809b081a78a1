import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUuid } from '../common/ids.js';
import { preparedStatement } from '../database/prepared-read.js';

/** Sign-ins remembered per process; past it the oldest are forgotten (and read again if used). */
const REMEMBERED = 50_000;

/**
 * Whose sign-in an access token's `sid` names: a token is honoured only for the account that
 * signed in, so ending someone's sign-ins ends every token that carries them. A sign-in never
 * changes owner, so each is read once per process and remembered.
 */
@Injectable()
export class SessionOwnersService {
  private readonly owners = new Map<string, string>();
  private readonly ownerOf: (values: unknown[]) => Promise<{ auth_account_id: string }[]>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.ownerOf = preparedStatement(
      dataSource,
      'session-owner',
      `SELECT auth_account_id FROM refresh_tokens WHERE family_id = $1 LIMIT 1`,
    );
  }

  /** Whether the sign-in `sessionId` exists and is `accountId`'s. */
  async belongsTo(sessionId: string, accountId: string): Promise<boolean> {
    const known = this.owners.get(sessionId);
    if (known !== undefined) return known === accountId;
    if (!isUuid(sessionId)) return false;
    const [row] = await this.ownerOf([sessionId]);
    if (!row) return false;
    if (this.owners.size >= REMEMBERED) this.owners.delete(this.owners.keys().next().value!);
    this.owners.set(sessionId, row.auth_account_id);
    return row.auth_account_id === accountId;
  }
}
