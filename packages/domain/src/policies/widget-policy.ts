// Who may see and change a widget (spec 03 §6 'Widgets and live camera': the widget permission and one of the
// three admin roles; their own customer's, and for a Super Admin whose WIDGET_ADMIN is ALL any customer's; spec
// 02 §6 'Assistant Admin data': a widget belongs to its policy group).
import { definePolicy, groupsOf } from './entity-policy.ts';
import { ROLE_MATRIX, decideByMatrix, reachOf } from './role-matrix.ts';

export const WIDGET_ACTIONS = ['view', 'edit', 'delete'] as const;
export type WidgetAction = (typeof WIDGET_ACTIONS)[number];

export interface WidgetPolicyRow {
  customerId: number;
  policyGroupId: number | null;
}

export const widgetPolicy = definePolicy<WidgetAction, WidgetPolicyRow>(WIDGET_ACTIONS, (p, action, row) => {
  const m = ROLE_MATRIX.widget;
  const anyCustomer = p.widgetAdmin === 'ALL' && reachOf(p, m.anyCustomer) === 'all';
  const see = anyCustomer ? m.anyCustomer : m.view;
  const act = anyCustomer ? m.anyCustomer : action === 'view' ? m.view : m.change;
  return decideByMatrix(p, see, act, { customerId: row.customerId, siteIds: groupsOf(row.policyGroupId) });
});
