// The write bodies take the spec's own example shapes (spec 02 §3, spec 03 §3) where the API tests cannot easily
// reach the route (a siren, a PA unit, a weather station), and drop what they read back.
import { describe, expect, it } from 'vitest';
import { ZConsultationRequest, ZPasswordChange } from './account.ts';
import { ZSirenSettingsInput, ZStoredPaMessageInput, ZStoredPaMessageUpdate } from './hardware.ts';
import { ZReportRequest } from './history.ts';
import { ZOrganizationLocationSiteAdd } from './organization-locations.ts';

describe('spec 02 §3', () => {
  it('Siren detail: the settings call takes the siren as served and keeps only what it sets', () => {
    const parsed = ZSirenSettingsInput.parse({
      id: 12,
      locationName: 'North fields',
      enabled: true,
      radius: 10,
      allClearMinutes: 30,
      duration: 10,
      frequency: 2,
      allClearDuration: 5,
      allClearFrequency: 1,
      postWarnMessage: null,
      postAllClearMessage: 'All clear.',
      ipAddress: '10.0.0.12',
      alertTimes: [
        { id: 3, day: 0, startTime: '08:00:00', endTime: '17:00:00', allDay: false, enabled: true },
      ],
    });
    expect(Object.keys(parsed).sort()).toEqual(
      [
        'afterSirenPaId',
        'alertTimes',
        'allClearDuration',
        'allClearFrequency',
        'duration',
        'frequency',
        'id',
        'postAllClearMessage',
        'postWarnMessage',
      ].sort(),
    );
    expect(parsed.afterSirenPaId).toBeNull();
  });

  it('Stored PA message: add and update take id, title, message and customerId', () => {
    const message = { id: 0, title: 'Storm', message: 'Clear the fields.', customerId: 4 };
    expect(ZStoredPaMessageInput.parse(message)).toEqual({ title: 'Storm', message: 'Clear the fields.' });
    expect(ZStoredPaMessageUpdate.parse({ ...message, id: 9 })).toEqual({
      id: 9,
      title: 'Storm',
      message: 'Clear the fields.',
    });
  });

  it('Consultation request and Password change take their fields as listed', () => {
    expect(
      ZConsultationRequest.safeParse({
        email: 'coach@example.com',
        message: 'Will the storm pass by 6?',
        phone: null,
        preferredContact: 'email',
        ccdEmails: [],
      }).success,
    ).toBe(true);
    expect(
      ZPasswordChange.safeParse({
        userId: '00000000-0000-4000-8000-000000000000',
        currentPassword: 'Old-password-1',
        newPassword: 'A-much-longer-passphrase-7',
        confirmedNewPassword: 'A-much-longer-passphrase-7',
      }).success,
    ).toBe(true);
  });
});

describe('spec 03 §3', () => {
  it('Org location site: the link takes its id back and drops it', () => {
    expect(ZOrganizationLocationSiteAdd.parse({ id: 0, organizationLocationId: 3, siteId: 5 })).toEqual({
      organizationLocationId: 3,
      siteId: 5,
    });
  });

  it('Report request: the PascalCase request, with the times of day null when omitted', () => {
    const parsed = ZReportRequest.parse({
      Requestor: 'admin@example.com',
      Name: 'December heat',
      Recipients: [],
      ReportTypes: ['observations'],
      FileFormats: ['csv'],
      UnitType: 'imperial',
      DataInterval: 60,
      Filters: {
        HardwareIds: [7],
        ObservationTypes: { AmbientTemperature: ['avg', 'max'] },
        TimeFilter: { StartDate: '2026-12-01', EndDate: '2026-12-07' },
      },
    });
    expect(parsed.Filters.TimeFilter).toEqual({
      StartDate: '2026-12-01',
      EndDate: '2026-12-07',
      StartTimeOfDay: null,
      EndTimeOfDay: null,
      DaysOfWeek: null,
    });
  });
});
