// Full-screen station-image viewer (spec 01 §2): not offered on small screens; Escape or the close button leaves.
import { useId } from 'react';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';

export interface ImageViewerProps {
  open: boolean;
  src: string;
  /** The image's description, also the viewer's caption. */
  alt: string;
  onClose: () => void;
}

/** Shows one image over the whole screen. */
export function ImageViewer({ open, src, alt, onClose }: ImageViewerProps) {
  const captionId = useId();
  return (
    <Dialog
      fullScreen
      open={open}
      onClose={onClose}
      aria-labelledby={captionId}
      slotProps={{ paper: { sx: { bgcolor: 'common.black' } } }}
    >
      <IconButton
        onClick={onClose}
        aria-label="Close image"
        sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', zIndex: 1 }}
      >
        <CloseIcon />
      </IconButton>
      {/* The image fills the viewer, scaled up or down to fit whole (object-fit: contain): a station image is often
          smaller than the screen, and at its own size 'Expand' showed it smaller than the panel did. */}
      <Box sx={{ flex: 1, position: 'relative', minHeight: 0 }}>
        <Box
          component="img"
          src={src}
          alt={alt}
          data-testid="image-viewer-image"
          sx={{
            position: 'absolute',
            inset: 0,
            boxSizing: 'border-box',
            width: '100%',
            height: '100%',
            p: 2,
            objectFit: 'contain',
          }}
        />
      </Box>
      <Typography id={captionId} sx={{ color: 'common.white', textAlign: 'center', pb: 2 }}>
        {alt}
      </Typography>
    </Dialog>
  );
}
