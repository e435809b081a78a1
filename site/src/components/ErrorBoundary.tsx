import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { MESSAGES, type ErrorReportRequest } from '@leadpulse/common';

interface State {
  error: Error | null;
  errorId: string | null;
}

function newErrorId(): string {
  return `err_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Sends the report to POST /api/errors; a failure to report is ignored. */
function report(errorId: string, error: Error, info: ErrorInfo): void {
  void fetch('/api/errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    body: JSON.stringify({
      errorId,
      message: error.message.slice(0, 2000) || String(error).slice(0, 2000),
      stack: error.stack?.slice(0, 20_000),
      componentStack: info.componentStack?.slice(0, 20_000) ?? undefined,
      timestamp: new Date().toISOString(),
      url: window.location.href.slice(0, 2000),
      userAgent: navigator.userAgent.slice(0, 500),
      referrer: document.referrer.slice(0, 2000) || undefined,
      environment: 'production',
    } satisfies ErrorReportRequest),
  }).catch(() => undefined);
}

/**
 * A page's code that could not be downloaded (the network was down when a lazy route loaded).
 * React keeps that failed import, so only loading the page again can fetch it anew.
 */
function isChunkLoadError(error: Error): boolean {
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/** The generic error screen: Error ID, Try Again, Go Home, Reload Page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, errorId: null };

  static getDerivedStateFromError(error: Error): State {
    return { error, errorId: newErrorId() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    report(this.state.errorId ?? newErrorId(), error, info);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2 }}
      >
        <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
            {MESSAGES.errorScreen.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {MESSAGES.errorScreen.text}
          </Typography>
          <Typography variant="body2" sx={{ mb: 3, fontFamily: 'monospace' }}>
            Error ID: {this.state.errorId}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'center' }}
          >
            <Button
              variant="contained"
              onClick={() =>
                this.state.error && isChunkLoadError(this.state.error)
                  ? window.location.reload()
                  : this.setState({ error: null, errorId: null })
              }
            >
              Try Again
            </Button>
            <Button variant="outlined" href="/">
              Go Home
            </Button>
            <Button onClick={() => window.location.reload()}>Reload Page</Button>
          </Stack>
        </Paper>
      </Box>
    );
  }
}
