// The locations feature's public edge: the Add/Edit Location modal and its entry points.
export { LocationModal, type LocationModalProps } from './components/location-modal.tsx';
export {
  AddLocationButton,
  useLocationModal,
  type LocationModalControls,
} from './hooks/use-location-modal.tsx';
export { ZonesPolicyNotice, ZONES_POLICY_DIFFERS_NOTICE } from './components/zones-policy-notice.tsx';
