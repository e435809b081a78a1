import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { SecretBox } from './secret-box.js';

/** Seals and opens authenticator secrets with MFA_ENCRYPTION_KEY, each bound to its factor's id. */
@Injectable()
export class MfaSecrets {
  private readonly box: SecretBox | undefined;

  constructor(config: AppConfig) {
    this.box = config.mfaEncryptionKey ? new SecretBox(config.mfaEncryptionKey) : undefined;
  }

  seal(secret: string, factorId: string): string {
    return this.required().seal(secret, factorId);
  }

  open(sealed: string, factorId: string): string {
    return this.required().open(sealed, factorId);
  }

  // Production cannot start without the key and development generates one, so only a test or a
  // tool that built its own configuration can get here without it.
  private required(): SecretBox {
    if (!this.box) throw new Error('MFA_ENCRYPTION_KEY is not set');
    return this.box;
  }
}
