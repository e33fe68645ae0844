// The image's HEALTHCHECK: the server in this container answers GET /api/health with 200 (the
// database answers; 503 while it shuts down). Exit 0 healthy, 1 not.
const port = process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
    signal: AbortSignal.timeout(4000),
  });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
