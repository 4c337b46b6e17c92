// Ask a Meteorologist (issue 15; spec 02 §2.7, §3 'Consultation request', §6 'Consultation', §7 'Support', §8): the
// consultation policy decides (the support permission and an admin role, 403 otherwise); copies go only to admins of
// the caller's organisation; the request is stored with a reference number and, in the same transaction, e-mailed
// to the meteorologists' desk (SUPPORT_EMAIL) with the asker and the copied admins in copy, through the notifier.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CONSULTATION_COPY_ROLES,
  CONSULTATION_MESSAGES,
  type TConsultationRequest,
} from '@allclear/contracts';
import { NotificationType, consultationPolicy } from '@allclear/domain';
import type { DirectRecipient, EnqueueAlert } from '../../../platform/alerts.ts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest } from '../../../platform/errors.ts';
import { authorize } from '../../shared/authorize.ts';
import type { SupportRepository } from './support.repository.ts';

/** Crockford's base 32 without look-alikes (no I, L, O, U). */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new reference number: 'MET-' and eight characters of base 32 (40 random bits). */
export function newReference(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = REFERENCE_ALPHABET[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return `MET-${out}`;
}

const CONTACT_TEXT = { email: 'E-mail', phone: 'Phone call', text: 'Text message' } as const;

export interface SupportDeps {
  repo: SupportRepository;
  enqueueAlert: EnqueueAlert;
  clock: Clock;
  /** The meteorologists' desk (SUPPORT_EMAIL). */
  deskEmail: string;
  productName: string;
}

export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  /** Sends the question; answers the success text with its reference (spec 02 §7 'response text is shown'). */
  async send(p: Principal, body: TConsultationRequest & { ccdEmails: string[] }): Promise<string> {
    const { repo } = this.deps;
    const found = await repo.asker(p.userId);
    const asker = authorize(p, consultationPolicy, 'send', found, 'User');
    const ccd = [...new Set(body.ccdEmails.filter((e) => e !== asker.email))];
    const admins = await repo.emailsOfRoles(asker.customerId, ccd, CONSULTATION_COPY_ROLES);
    const strangers = ccd.filter((e) => !admins.includes(e));
    if (strangers.length)
      throw badRequest('One or more validation errors occurred.', {
        CcdEmails: strangers.map((e) => `${CONSULTATION_MESSAGES.ccNotAdmin} (${e})`),
      });

    const reference = newReference();
    const now = this.deps.clock.now();
    const name = `${asker.firstName} ${asker.lastName}`.trim();
    const email = body.email ?? null;
    const phone = body.phone ?? null;
    // the asker is copied at the address they asked to be answered at, else at their account's
    const askerCopy = email ?? asker.email;
    const recipient: DirectRecipient = {
      key: 'support:desk',
      email: this.deps.deskEmail,
      name: 'Meteorologists',
      userId: null,
      notificationUserId: null,
      cc: [...new Set([...(askerCopy ? [askerCopy] : []), ...ccd])],
      ...(askerCopy ? { replyTo: askerCopy } : {}),
    };
    const answerBy =
      body.preferredContact === 'email'
        ? `${CONTACT_TEXT.email} to ${email}`
        : `${CONTACT_TEXT[body.preferredContact]} to ${phone}`;
    await repo.create(
      {
        reference,
        customerId: asker.customerId,
        userId: asker.id,
        email: email ?? asker.email ?? '',
        phone,
        message: body.message,
        preferredContact: body.preferredContact,
        ccdEmails: ccd,
      },
      (tx) =>
        this.deps.enqueueAlert(tx, {
          id: randomUUID(),
          kind: 'consultation-request',
          notificationType: NotificationType.Other,
          customerId: asker.customerId,
          locationId: null,
          correlationId: `consultation:${reference}`,
          occurredAt: now,
          subject: `[${reference}] Question from ${name}, ${asker.customerName}`,
          body: [
            `Reference: ${reference}`,
            `From: ${name} <${asker.email ?? 'no e-mail'}>, ${asker.customerName}`,
            `Answer by: ${answerBy}`,
            ...(ccd.length ? [`Copied: ${ccd.join(', ')}`] : []),
            '',
            body.message,
            '',
            `Sent through ${this.deps.productName} (Ask a Meteorologist) on ${now.toUTCString()}.`,
          ].join('\n'),
          details: { recipient, reference },
        }),
    );
    return `${CONSULTATION_MESSAGES.success} Your reference number is ${reference}.`;
  }
}
