// The weather map's popups: the one for what a click selected (strike, storm cell, tropical point, alerts at a
// point, station observation), placed by usePopupPlacement, and the NWS alert tooltip under the pointer.
import Box from '@mui/material/Box';
import { Popup } from '../maplibre.ts';
import type { RefObject } from 'react';
import type { maplibregl } from '../maplibre.ts';
import type { MapSelectionState } from '../use-map-selection.ts';
import { POPUP_GAP_PX, POPUP_OFFSET_PX, type PopupPlacement } from '../use-popup-placement.ts';
import {
  AlertsPopup,
  NwsAlertTooltip,
  StationPopup,
  StormCellPopup,
  StrikePopup,
  TropicalPointPopup,
  selectionTimeZone,
} from './map-popups.tsx';

export interface SelectionPopupProps {
  state: MapSelectionState;
  popupRef: RefObject<maplibregl.Popup | null>;
  placement: PopupPlacement;
}

/** The selection's popup; nothing without a selection. */
export function SelectionPopup({ state, popupRef, placement: { anchor, freeBox } }: SelectionPopupProps) {
  const { selection, observation } = state;
  if (!selection) return null;
  const timeZone = selectionTimeZone(selection);
  return (
    <Popup
      ref={popupRef}
      longitude={selection.longitude}
      latitude={selection.latitude}
      onClose={state.close}
      closeOnClick={false}
      anchor={anchor}
      offset={POPUP_OFFSET_PX}
      className="allclear-map-popup"
      maxWidth={freeBox ? `${Math.max(200, Math.min(320, freeBox.right - freeBox.left))}px` : '320px'}
    >
      <Box
        sx={{
          maxHeight: freeBox ? Math.max(120, freeBox.bottom - freeBox.top - POPUP_GAP_PX - 24) : undefined,
          overflowY: 'auto',
        }}
      >
        {selection.kind === 'strike' && <StrikePopup strike={selection.strike} timeZone={timeZone} />}
        {selection.kind === 'storm-cell' && (
          <StormCellPopup
            cell={selection.cell}
            warnings={selection.warnings}
            onShowWarnings={() => state.openAlertsAt(selection.longitude, selection.latitude)}
            timeZone={timeZone}
          />
        )}
        {selection.kind === 'tropical-point' && (
          <TropicalPointPopup point={selection.point} timeZone={timeZone} />
        )}
        {selection.kind === 'alerts' && <AlertsPopup alerts={selection.alerts} timeZone={timeZone} />}
        {selection.kind === 'observation' && (
          <StationPopup
            preferred={state.preferred}
            onPreferredChange={state.setPreferred}
            observation={observation.data}
            isLoading={observation.isPending}
            isError={observation.isError}
            timeZone={timeZone}
          />
        )}
      </Box>
    </Popup>
  );
}

/** The NWS alert under the pointer, while nothing is selected. */
export function HoverAlertPopup({ state }: { state: MapSelectionState }) {
  const { hoverAlert, selection } = state;
  if (!hoverAlert || selection) return null;
  return (
    <Popup
      longitude={hoverAlert.longitude}
      latitude={hoverAlert.latitude}
      closeButton={false}
      className="allclear-map-popup"
      offset={12}
    >
      <NwsAlertTooltip alert={hoverAlert.alert} />
    </Popup>
  );
}
