// Ask a Meteorologist with a stubbed fetch: the copy list asks for every admin role the server accepts, the Super
// Admin among them, and offers them by name and role.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TUser } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { admin, assistantAdmin, superAdmin } from '../../../test/fixtures.ts';
import { stubApi } from '../../../test/render-app.tsx';
import ConsultationPage from './consultation-page.tsx';
import { LABELS } from './consultation-texts.ts';

vi.setConfig({ testTimeout: 60_000 });

/** A person of the users list as POST user/roles answers it. */
const listed = (u: typeof admin): TUser => ({
  id: u.id,
  userName: u.userName,
  firstName: u.firstName,
  lastName: u.lastName,
  fullName: u.fullName,
  email: u.email,
  roleId: u.roleId,
  roleName: u.roleName,
  roleDisplayName: u.roleDisplayName,
  roleHierarchy: u.roleHierarchy,
  siteId: u.siteId,
  siteName: null,
  phoneNumber: null,
  customerId: u.customerId,
  timeZone: 'CST',
  smsNotifications: true,
  emailNotifications: true,
  geofenceAlertsEnabled: false,
  alertTimesEnabled: true,
  isActive: true,
  orgLocations: [],
  abilities: { edit: false, delete: false, resendInvite: false, changeGroup: false },
});

afterEach(() => vi.unstubAllGlobals());

describe('Ask a Meteorologist', () => {
  it('offers the Super Admin among the admins to copy', async () => {
    const requests = stubApi({
      'GET /api/user/current': admin,
      'POST /api/user/roles': [superAdmin, admin, assistantAdmin].map(listed),
    });
    render(
      <AppProviders queryClient={createQueryClient({ retry: false })}>
        <ConsultationPage />
      </AppProviders>,
    );
    const roles = await waitFor(() => {
      const asked = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/user/roles'));
      expect(asked).toBeDefined();
      return JSON.parse(asked!.body!) as string[];
    });
    expect(roles).toEqual(['Super Admin', 'Admin', 'Assistant Admin']);
    const copy = await screen.findByRole('combobox', { name: LABELS.ccdEmails });
    await waitFor(() => expect(copy).not.toHaveAttribute('aria-disabled', 'true'));
    fireEvent.mouseDown(copy);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // the asker is not offered a copy of their own question
    expect(options.map((o) => o.textContent)).toEqual([
      `${superAdmin.fullName} (Super Admin)`,
      `${assistantAdmin.fullName} (Assistant Admin)`,
    ]);
  });
});
