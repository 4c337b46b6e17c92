// A weather-station sky image with a cache-busting stamp, and the camera-off placeholder when there is no image
// or it fails to load (spec 01 §2, §4 'Station image').
import { useState } from 'react';
import Box from '@mui/material/Box';
import NoPhotographyOutlined from '@mui/icons-material/NoPhotographyOutlined';
import { cacheBustedImageUrl } from '../api/get-weather-station.ts';

export interface StationImageProps {
  imageUrl: string | null | undefined;
  /** Changes when the image does (its last-modified time), so the browser fetches the new one. */
  stamp: string | number | null | undefined;
  alt: string;
  height: number;
}

/** The image, or the placeholder. */
export function StationImage({ imageUrl, stamp, alt, height }: StationImageProps) {
  const src = imageUrl ? cacheBustedImageUrl(imageUrl, stamp ?? 0) : null;
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <Box
        role="img"
        aria-label="No camera image"
        sx={{
          height,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.disabled',
        }}
      >
        <NoPhotographyOutlined fontSize="large" />
      </Box>
    );
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(src)}
      sx={{ height, width: '100%', objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }}
    />
  );
}
