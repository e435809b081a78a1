import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';

/**
 * Where a file is dropped, or chosen with the button (the keyboard's way in): the ZIP LinkedIn
 * sends, one of its CSV files, or any CSV.
 */
export function DropZone({ onFile, disabled }: { onFile(file: File): void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        p: { xs: 3, md: 5 },
        textAlign: 'center',
        transition: 'border-color 150ms, background-color 150ms',
      }}
    >
      <UploadFile color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>Drop your LinkedIn ZIP or a CSV file here</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Up to 100 MB. The file is deleted once it has been read.
      </Typography>
      <Button variant="contained" onClick={() => input.current?.click()} disabled={disabled}>
        Choose a file
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".zip,.csv,application/zip,text/csv"
        aria-label="ZIP or CSV file to import"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}
