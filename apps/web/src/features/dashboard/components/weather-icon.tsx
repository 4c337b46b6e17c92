// Weather-code icons (spec 01 §9 'Weather codes map to icons ... with a default icon for unknown codes'). Codes
// 00xx are day conditions, 20xx the same at night, 90xx night/haze, 91xx hot, 92xx cold (our reading, as the
// server's weather-code table).
import type { SvgIconProps } from '@mui/material/SvgIcon';
import WbSunnyOutlined from '@mui/icons-material/WbSunnyOutlined';
import NightsStayOutlined from '@mui/icons-material/NightsStayOutlined';
import WbCloudyOutlined from '@mui/icons-material/WbCloudyOutlined';
import CloudOutlined from '@mui/icons-material/CloudOutlined';
import AcUnitOutlined from '@mui/icons-material/AcUnitOutlined';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import ThunderstormOutlined from '@mui/icons-material/ThunderstormOutlined';
import FoggyIcon from '@mui/icons-material/Foggy';
import AirOutlined from '@mui/icons-material/AirOutlined';
import DeviceThermostatOutlined from '@mui/icons-material/DeviceThermostatOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { createElement, type ComponentType } from 'react';

type Icon = ComponentType<SvgIconProps>;

const BY_ENDING: Record<string, Icon> = {
  '02': WbSunnyOutlined,
  '03': WbCloudyOutlined,
  '04': CloudOutlined,
  '05': CloudOutlined,
  '06': AcUnitOutlined,
  '11': AcUnitOutlined,
  '12': WaterDropOutlined,
  '13': WaterDropOutlined,
  '14': WaterDropOutlined,
  '15': WaterDropOutlined,
  '16': AcUnitOutlined,
  '17': AcUnitOutlined,
  '18': AcUnitOutlined,
  '19': WaterDropOutlined,
  '20': WaterDropOutlined,
  '21': AcUnitOutlined,
  '22': WaterDropOutlined,
  '23': ThunderstormOutlined,
  '24': AcUnitOutlined,
  '25': AcUnitOutlined,
  '26': AcUnitOutlined,
  '27': FoggyIcon,
  '28': FoggyIcon,
  '29': AirOutlined,
  '30': ThunderstormOutlined,
};

function iconFor(code: string | null | undefined): Icon {
  if (!code) return HelpOutlineOutlined;
  const c = code.padStart(4, '0');
  if (c === '9000' || c === '9001') return NightsStayOutlined;
  if (c === '9002' || c === '9003') return CloudOutlined;
  if (c === '9004' || c === '9005') return FoggyIcon;
  if (c === '9100' || c === '9200' || c === '9201') return DeviceThermostatOutlined;
  if (c.startsWith('20') && c.slice(2) === '02') return NightsStayOutlined;
  if (c.startsWith('00') || c.startsWith('20')) return BY_ENDING[c.slice(2)] ?? HelpOutlineOutlined;
  return HelpOutlineOutlined;
}

/** The icon of a weather code, labelled with its text when known. */
export function WeatherIcon({
  code,
  text,
  ...props
}: { code: string | null | undefined; text?: string | null } & SvgIconProps) {
  return createElement(iconFor(code), {
    titleAccess: text ?? undefined,
    'aria-hidden': text ? undefined : true,
    ...props,
  });
}
