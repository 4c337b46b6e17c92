// A group as served: its stored fields and what the caller may do to it (the domain's group policy, the rule the
// site service enforces), so a screen offers only what the server will then allow.
import type { TSite } from '@allclear/contracts';
import { groupPolicy, type PolicyPrincipal } from '@allclear/domain';
import type { SiteDetail } from './site.repository.ts';

export type { SiteDetail };

export function presentSite(site: SiteDetail, viewer: PolicyPrincipal): TSite {
  const { edit, delete: del } = groupPolicy.abilities(viewer, site);
  return { ...site, abilities: { edit, delete: del } };
}
