/**
 * The realtime benchmark's baseline: a bare Socket.IO server with the Redis adapter and nothing else
 * (no auth, no database). POST /emit broadcasts one message stamped with the server's clock.
 */
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const key = process.env.REDIS_KEY ?? 'bench-bare';

const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/emit') {
    io.to('board').emit('update', { boardId: 0, version: 0, change: 'board', at: Date.now() });
    res.end('ok');
    return;
  }
  res.statusCode = 404;
  res.end();
});
const pub = new Redis(redisUrl);
const sub = pub.duplicate();
const io = new Server(server, { transports: ['websocket'], serveClient: false });
io.adapter(createAdapter(pub, sub, { key }));
io.on('connection', (socket) => {
  socket.on('subscribe', (_boardId: unknown, ack?: (result: unknown) => void) => {
    socket.join('board');
    ack?.({ ok: true });
  });
});
server.listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  io.close();
  pub.disconnect();
  sub.disconnect();
  process.exit(0);
});
