// The password change of the identity service (issue 15; spec 02 §3 'Password change', §5, §8): the caller's own
// password only (the profile policy), the current password checked (argon2id) and its guessing limited per account,
// the new one by the domain's rules (12 to 128 characters, not a common password of our list or the package's, not
// the account's e-mail or name) and different from the current one; then, in one transaction, the new hash, every
// other session of the user ended and a notice e-mailed to them through the notifier; an audit entry either way.
import { randomUUID } from 'node:crypto';
import { NotificationType, passwordProblems, profilePolicy } from '@allclear/domain';
import { PASSWORD_CHANGE_MESSAGES, type TPasswordChange } from '@allclear/contracts';
import type { DirectRecipient, EnqueueAlert } from '../../platform/alerts.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import { commonPasswordCheck } from '../../platform/common-passwords.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { authorize } from '../shared/authorize.ts';
import type { AuthEventInput, AuthEventRepository } from './auth-events.repository.ts';
import type { PasswordChangeRepository, PasswordOwner } from './password-change.repository.ts';
import type { SlidingWindowLimiter } from './sign-in-rate-limit.ts';

/** The message of every refused change (spec 02 §8 'Error changing password' plus the listed messages). */
export const PASSWORD_CHANGE_ERROR = 'Error changing password';

/** What one request brings besides its body: where it came from, the session of its token, and now (real time). */
export interface ChangeContext {
  ip: string;
  /** The identity session the caller's access token was issued to (its `session_uid`); it stays signed in. */
  sessionUid: string | null;
  nowMs: number;
}

export interface PasswordChangeDeps {
  repo: PasswordChangeRepository;
  audit: AuthEventRepository;
  /** Wrong current passwords per account (the sign-in limits). */
  limiter: SlidingWindowLimiter;
  enqueueAlert: EnqueueAlert;
  bus?: Bus;
  productName: string;
}

const ownRow = (owner: PasswordOwner) => ({ ...owner, userId: owner.id });

export class PasswordChangeService {
  constructor(private readonly deps: PasswordChangeDeps) {}

  /** Changes the caller's password; answers the message to show. */
  async change(p: Principal, body: TPasswordChange, ctx: ChangeContext): Promise<string> {
    const { repo, limiter } = this.deps;
    const owner = authorize(p, profilePolicy, 'edit', await this.findOwner(body.userId), {
      what: 'User',
      forbidden: PASSWORD_CHANGE_MESSAGES.notYou,
    });
    const key = `user:${owner.id}`;
    const blockedFor = limiter.retryAfterMs(key, ctx.nowMs);
    if (blockedFor > 0) {
      await this.record(ctx, owner, 'password-change-failed', { reason: 'too many wrong current passwords' });
      const minutes = Math.ceil(blockedFor / 60_000);
      const text = PASSWORD_CHANGE_MESSAGES.tooManyAttempts.replace(
        '{minutes}',
        `${minutes} minute${minutes === 1 ? '' : 's'}`,
      );
      throw new AppError(
        429,
        PASSWORD_CHANGE_ERROR,
        { IdentityError: [text] },
        { 'retry-after': String(Math.ceil(blockedFor / 1000)) },
      );
    }
    if (!owner.passwordHash || !(await verifyPassword(owner.passwordHash, body.currentPassword))) {
      limiter.recordFailure(key, ctx.nowMs);
      await this.record(ctx, owner, 'password-change-failed', { reason: 'wrong current password' });
      throw badRequest(PASSWORD_CHANGE_ERROR, { CurrentPassword: [PASSWORD_CHANGE_MESSAGES.currentWrong] });
    }
    limiter.reset(key);

    const problems = passwordProblems(body.newPassword, {
      email: owner.email,
      names: [`${owner.firstName} ${owner.lastName}`, owner.firstName, owner.lastName],
      isCommon: await commonPasswordCheck(),
    });
    if (problems.length === 0 && (await verifyPassword(owner.passwordHash, body.newPassword)))
      problems.push('The new password must be different from the current one.');
    if (problems.length > 0) {
      await this.record(ctx, owner, 'password-change-failed', { reason: 'new password refused' });
      throw badRequest(PASSWORD_CHANGE_ERROR, { NewPassword: problems });
    }

    const changedAt = new Date(ctx.nowMs);
    const removed = await repo.changePassword(
      owner.id,
      await hashPassword(body.newPassword),
      changedAt,
      ctx.sessionUid,
      (tx) => this.deps.enqueueAlert(tx, this.notice(owner, changedAt)),
    );
    await this.record(ctx, owner, 'password-changed', { otherSessionArtefactsRemoved: removed });
    // the API forgets the user's verified tokens: the next request of another session is refused
    this.deps.bus?.publish('user-changed', {
      userId: owner.id,
      customerId: owner.customerId,
      deleted: false,
    });
    return PASSWORD_CHANGE_MESSAGES.changed;
  }

  private async findOwner(userId: string) {
    const owner = await this.deps.repo.findOwner(userId);
    return owner?.isActive ? ownRow(owner) : undefined;
  }

  private async record(
    ctx: ChangeContext,
    owner: PasswordOwner,
    kind: AuthEventInput['kind'],
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.deps.audit.record({
      kind,
      at: new Date(ctx.nowMs),
      ip: ctx.ip,
      userId: owner.id,
      customerId: owner.customerId,
      email: owner.email,
      details,
    });
  }

  /** The notice e-mailed to the user (a direct message of the notifier, whatever their alert settings). */
  private notice(owner: PasswordOwner, changedAt: Date) {
    const name = `${owner.firstName} ${owner.lastName}`.trim();
    const recipient: DirectRecipient = {
      key: `user:${owner.id}`,
      email: owner.email ?? '',
      name,
      userId: owner.id,
      notificationUserId: null,
    };
    const product = this.deps.productName;
    return {
      id: randomUUID(),
      kind: 'password-changed' as const,
      notificationType: NotificationType.Other,
      customerId: owner.customerId,
      locationId: null,
      correlationId: `password-changed:${owner.id}:${changedAt.getTime()}`,
      occurredAt: changedAt,
      subject: `Your ${product} password was changed`,
      body: [
        `Hello ${owner.firstName},`,
        '',
        `The password of your ${product} account (${owner.email}) was changed on ${changedAt.toUTCString()}.`,
        'Every other session of your account was signed out.',
        '',
        'If you did not change it, contact your administrator at once.',
      ].join('\n'),
      details: { recipient },
    };
  }
}
