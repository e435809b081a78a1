import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import type { RecoveryCodes, TotpEnrollment } from '@leadpulse/common';
import { AuditService } from '../../audit/audit.service.js';
import { AppConfig } from '../../config/app-config.js';
import { MailService } from '../../mail/mail.service.js';
import { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { findUser } from '../../users/find-user.js';
import { UserEntity } from '../../users/user.entity.js';
import { AuthAccountEntity } from '../auth-account.entity.js';
import { MfaFactorEntity } from './mfa-factor.entity.js';
import { MfaRecoveryCodeEntity } from './mfa-recovery-code.entity.js';
import { MfaSecrets } from './mfa-secrets.js';
import { mfaErrors } from './mfa.errors.js';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from './recovery-codes.js';
import { newTotpSecret, normaliseTotpCode, otpauthUrl, qrSvg, totpStep } from './totp.js';

/** Where the e-mails about two-step verification send the member. */
const SECURITY_LINK = '/dashboard/settings?tab=security';

/** Wrong codes within a window that make a burst, e-mailed to the account holder once. */
export const MFA_ALERT_FAILURES = 5;
export const MFA_ALERT_WINDOW_MINUTES = 15;

/** What a sign-in's second step presents: a code from the app, or a recovery code. */
export interface SecondStep {
  code?: string;
  recovery_code?: string;
}

/**
 * Two-step verification of an account: enrolment, its recovery codes, turning it off, the
 * back office's reset, and the checks of codes. Every change to a member's factors e-mails them.
 */
@Injectable()
export class MfaService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly secrets: MfaSecrets,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** A new authenticator to verify, replacing an enrolment left unfinished. */
  async enroll(accountId: string): Promise<TotpEnrollment> {
    const secret = newTotpSecret();
    const factorId = randomUUID();
    const email = await this.dataSource.transaction(async (manager) => {
      const account = await this.lockAccount(manager, accountId);
      if (await this.hasVerifiedFactor(manager, accountId)) throw mfaErrors.alreadyEnabled();
      const factors = manager.getRepository(MfaFactorEntity);
      await factors.delete({ auth_account_id: accountId, verified_at: IsNull() });
      await factors.insert({
        id: factorId,
        auth_account_id: accountId,
        type: 'totp',
        secret_encrypted: this.secrets.seal(secret, factorId),
      });
      return account.email;
    });
    const url = otpauthUrl(secret, email, this.config.appName);
    return { factor_id: factorId, secret, otpauth_url: url, qr_svg: await qrSvg(url) };
  }

  /** Verifies the enrolment with a first code: two-step verification is on, with new recovery codes. */
  verify(accountId: string, factorId: string, code: string): Promise<RecoveryCodes> {
    return this.checked(accountId, async (manager) => {
      await this.lockAccount(manager, accountId);
      const factor = await manager
        .getRepository(MfaFactorEntity)
        .findOneBy({ id: factorId, auth_account_id: accountId });
      if (!factor) throw mfaErrors.factorNotFound();
      if (factor.verified_at) throw mfaErrors.alreadyEnabled();
      if (!(await this.acceptTotp(manager, factor, code))) return undefined;
      await manager.getRepository(MfaFactorEntity).update(factor.id, { verified_at: new Date() });
      const recoveryCodes = newRecoveryCodes();
      const codes = manager.getRepository(MfaRecoveryCodeEntity);
      await codes.delete({ auth_account_id: accountId });
      await codes.insert(
        recoveryCodes.map((recoveryCode) => ({
          auth_account_id: accountId,
          code_hash: recoveryCodeHash(normaliseRecoveryCode(recoveryCode)!),
        })),
      );
      await this.notify(manager, accountId, 'mfa-enabled');
      return { recovery_codes: recoveryCodes };
    });
  }

  /** Turns two-step verification off, proved with a current code or a recovery code. */
  async remove(accountId: string, factorId: string, code: string): Promise<void> {
    await this.checked(accountId, async (manager) => {
      await this.lockAccount(manager, accountId);
      const factor = await manager
        .getRepository(MfaFactorEntity)
        .findOneBy({ id: factorId, auth_account_id: accountId });
      if (!factor?.verified_at) throw mfaErrors.factorNotFound();
      const accepted = normaliseTotpCode(code)
        ? await this.acceptTotp(manager, factor, code)
        : await this.acceptRecoveryCode(manager, accountId, code);
      if (!accepted) return undefined;
      await this.removeAll(manager, accountId);
      await this.notify(manager, accountId, 'mfa-disabled');
      return true;
    });
  }

  /** The back office's reset, for a member who lost their authenticator and recovery codes. */
  async resetByAdmin(adminId: string, userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await findUser(manager, userId, true);
      if (user.id === adminId) throw mfaErrors.ownReset();
      if (!user.auth_user_id || !(await this.hasVerifiedFactor(manager, user.auth_user_id)))
        throw mfaErrors.notEnabled();
      await this.removeAll(manager, user.auth_user_id);
      await this.audit.record(manager, {
        adminId,
        type: 'reset_mfa',
        targetUserId: user.id,
        details: {
          description: `Two-step verification reset for ${user.email}`,
          old_values: { two_step_verification: 'on' },
          new_values: { two_step_verification: 'off' },
        },
      });
      await this.mail.enqueue(manager, {
        to: user.email,
        template: 'mfa-reset',
        data: { firstName: user.first_name, link: SECURITY_LINK },
        userId: user.id,
      });
    });
  }

  /**
   * For a step that asks more than the password (deleting the account): with two-step
   * verification on, a current code or a recovery code, counted like a sign-in's; nothing without.
   */
  async confirmIfEnrolled(accountId: string, code: string | undefined): Promise<void> {
    if (!(await this.hasVerifiedFactor(this.dataSource.manager, accountId))) return;
    await this.checked(accountId, async (manager) => {
      const step = normaliseTotpCode(code ?? '') ? { code } : { recovery_code: code ?? '' };
      return (await this.acceptSecondStep(manager, accountId, step)) ? true : undefined;
    });
  }

  async hasVerifiedFactor(manager: EntityManager, accountId: string): Promise<boolean> {
    return manager
      .getRepository(MfaFactorEntity)
      .existsBy({ auth_account_id: accountId, verified_at: Not(IsNull()) });
  }

  /**
   * Checks the second step of a sign-in, in the caller's transaction: a code of one of the
   * account's verified factors, or one of its unused recovery codes, each accepted once.
   */
  async acceptSecondStep(
    manager: EntityManager,
    accountId: string,
    step: SecondStep,
  ): Promise<boolean> {
    if (step.code === undefined)
      return this.acceptRecoveryCode(manager, accountId, step.recovery_code ?? '');
    const factors = await manager
      .getRepository(MfaFactorEntity)
      .findBy({ auth_account_id: accountId, verified_at: Not(IsNull()) });
    for (const factor of factors)
      if (await this.acceptTotp(manager, factor, step.code)) return true;
    return false;
  }

  /**
   * A code of the factor, if its time step is later than the last one accepted; the step is
   * recorded in the same statement, so two requests with one code cannot both pass.
   */
  private async acceptTotp(
    manager: EntityManager,
    factor: MfaFactorEntity,
    code: string,
  ): Promise<boolean> {
    const step = totpStep(this.secrets.open(factor.secret_encrypted, factor.id), code);
    if (step === undefined) return false;
    const [rows] = (await manager.query(
      `UPDATE mfa_factors SET last_used_step = $2, updated_at = now()
        WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING id`,
      [factor.id, step],
    )) as [{ id: string }[], number];
    return rows.length > 0;
  }

  private async acceptRecoveryCode(
    manager: EntityManager,
    accountId: string,
    code: string,
  ): Promise<boolean> {
    const normalised = normaliseRecoveryCode(code);
    if (!normalised) return false;
    const [rows] = (await manager.query(
      `UPDATE mfa_recovery_codes SET used_at = now(), updated_at = now()
        WHERE auth_account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
      [accountId, recoveryCodeHash(normalised)],
    )) as [{ id: string }[], number];
    return rows.length > 0;
  }

  /** Every factor, recovery code and waiting sign-in of the account. */
  private async removeAll(manager: EntityManager, accountId: string): Promise<void> {
    await manager.getRepository(MfaFactorEntity).delete({ auth_account_id: accountId });
    await manager.getRepository(MfaRecoveryCodeEntity).delete({ auth_account_id: accountId });
    await manager.query(`DELETE FROM mfa_challenges WHERE auth_account_id = $1`, [accountId]);
  }

  /**
   * Runs a change that a code of the member's must allow, under the per-account limit on code
   * checks: `undefined` from `work` is a wrong code (400, counted), anything else goes through.
   */
  private async checked<T>(
    accountId: string,
    work: (manager: EntityManager) => Promise<T | undefined>,
  ): Promise<T> {
    const attempt = await this.rateLimits.reserveCodeCheck(accountId);
    let result: T | undefined;
    try {
      result = await this.dataSource.transaction(work);
    } catch (error) {
      await attempt.release();
      throw error;
    }
    if (result === undefined) {
      await this.codeFailed(accountId);
      throw mfaErrors.invalidCode();
    }
    await attempt.succeeded();
    return result;
  }

  /**
   * Counts a wrong code (or recovery code) of the account; the one that makes a burst e-mails
   * the account holder: someone who knows the password may be trying codes. A window counts
   * atomically, so one burst sends one e-mail however the requests are timed.
   */
  async codeFailed(accountId: string): Promise<void> {
    const failures = await this.rateLimits.countInWindow(
      `mfa-failures:account:${accountId}`,
      MFA_ALERT_WINDOW_MINUTES * 60,
    );
    if (failures !== MFA_ALERT_FAILURES) return;
    await this.dataSource.transaction(async (manager) => {
      const account = await manager
        .getRepository(AuthAccountEntity)
        .findOneByOrFail({ id: accountId });
      const user = await manager.getRepository(UserEntity).findOneBy({ auth_user_id: accountId });
      await this.mail.enqueue(manager, {
        to: user?.email ?? account.email,
        template: 'mfa-failures',
        data: {
          firstName: user?.first_name,
          attempts: MFA_ALERT_FAILURES,
          minutes: MFA_ALERT_WINDOW_MINUTES,
          link: SECURITY_LINK,
        },
        userId: user?.id ?? null,
      });
    });
  }

  /** Holds the account while its factors change, so two enrolments never cross. */
  private lockAccount(manager: EntityManager, accountId: string): Promise<AuthAccountEntity> {
    return manager.getRepository(AuthAccountEntity).findOneOrFail({
      where: { id: accountId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  private async notify(
    manager: EntityManager,
    accountId: string,
    template: 'mfa-enabled' | 'mfa-disabled',
  ): Promise<void> {
    const account = await manager
      .getRepository(AuthAccountEntity)
      .findOneByOrFail({ id: accountId });
    const user = await manager.getRepository(UserEntity).findOneBy({ auth_user_id: accountId });
    await this.mail.enqueue(manager, {
      to: user?.email ?? account.email,
      template,
      data: { firstName: user?.first_name, link: SECURITY_LINK },
      userId: user?.id ?? null,
    });
  }
}
