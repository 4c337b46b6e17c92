// My Profile (issue 15; spec 02 §2.11, §6 'Profile: any signed-in user'): the caller saves their own name and phone
// number under the profile policy; the e-mail is their sign-in name and is not changed here.
import type { TCurrentUser, TProfileUpdate } from '@allclear/contracts';
import { profilePolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import type { Bus } from '../../../platform/bus.ts';
import { notFound } from '../../../platform/errors.ts';
import { authorize } from '../../shared/authorize.ts';
import type { ProfileRepository } from './profile.repository.ts';

export class ProfileService {
  constructor(
    private readonly repo: ProfileRepository,
    /** The caller as GET user/current answers (the users module's). */
    private readonly current: (userId: string) => Promise<TCurrentUser | undefined>,
    private readonly bus: Bus,
  ) {}

  async save(p: Principal, body: TProfileUpdate & { lastName: string }): Promise<TCurrentUser> {
    const row = await this.repo.findOwner(p.userId);
    const own = authorize(p, profilePolicy, 'edit', row?.isActive ? row : undefined, 'User');
    await this.repo.update(own.userId, {
      firstName: body.firstName,
      lastName: body.lastName,
      phoneNumber: body.phoneNumber ?? null,
    });
    // GET user/current's kept answer and the API's verified tokens of the user are dropped
    this.bus.publish('user-changed', { userId: own.userId, customerId: own.customerId, deleted: false });
    const saved = await this.current(own.userId);
    if (!saved) throw notFound('User');
    return saved;
  }
}
