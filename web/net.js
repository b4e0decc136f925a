// The WebSocket client of one table (docs/protocol.md "The WebSocket"). It joins as a seat (with
// a token) or as a spectator, keeps the last version it applied for each seat, and after a lost
// connection reconnects and joins again with `last_version`, so the server sends exactly the
// events it missed.
//
// A connection can also go silent without closing: a server that hangs (a paused machine, a
// stuck disk) or a network that drops packets keeps the socket open while nothing arrives. So
// after a few quiet seconds the client pings, and a ping not answered in time, or a connection
// or join not answered in time, counts as a lost connection: it is dropped and made again.

const RETRY_MS = [500, 1000, 2000, 4000, 8000];
/// Quiet this long, the client pings (a busy game needs no ping).
export const PING_AFTER_MS = 2000;
/// A ping, a connection or a join unanswered this long: the connection is given up.
export const SILENCE_MS = 4000;
const TICK_MS = 1000;

export class TableConnection {
  /// handlers: onMessage(msg) for every server message; onStatus(status) with
  /// "connecting" | "open" | "reconnecting" | "closed".
  /// versions(): the last applied version per seat ({black: 12}) or null before any snapshot.
  constructor({ table, token, handlers, versions }) {
    this.table = table;
    this.token = token;
    this.handlers = handlers;
    this.versions = versions;
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.joined = false;
    this.timer = null;
    this.startedAt = 0; // when the current connection was begun (or its join sent)
    this.heardAt = 0; // when the server last said anything on it
    this.pingAt = 0; // when the unanswered ping was sent; 0: none is waiting
    this.beat = setInterval(() => this.tick(), TICK_MS);
    this.connect();
  }

  /// The heartbeat (see the top): once a second, and late in a hidden tab, which is harmless:
  /// only a ping left unanswered for SILENCE_MS counts, and answers arrive whatever the timers.
  tick() {
    const ws = this.ws;
    if (!ws || this.closed) return;
    const now = Date.now();
    if (!this.joined) {
      if (now - this.startedAt > SILENCE_MS * 2) this.giveUp(ws);
      return;
    }
    if (this.pingAt) {
      if (now - this.pingAt > SILENCE_MS) this.giveUp(ws);
    } else if (now - this.heardAt >= PING_AFTER_MS) {
      this.pingAt = now;
      ws.send(JSON.stringify({ type: 'ping' }));
    }
  }

  /// Drops a connection that went silent, without waiting for its closing handshake (a hung
  /// server never answers it), and makes a new one.
  giveUp(ws) {
    if (this.ws !== ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close();
    } catch {
      // already closing
    }
    this.ws = null;
    this.joined = false;
    this.scheduleReconnect();
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // The table's id in the URL lets a proxy send the connection to the node serving the table.
    return `${scheme}//${location.host}/ws?table=${encodeURIComponent(this.table)}`;
  }

  connect() {
    this.handlers.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.joined = false;
    this.pingAt = 0;
    this.startedAt = Date.now();
    ws.onopen = () => {
      this.startedAt = Date.now();
      const join = { type: 'join', table: this.table };
      if (this.token) join.token = this.token;
      else join.watch = true;
      const versions = this.versions();
      if (versions) {
        const seats = Object.keys(versions);
        join.last_version = seats.length === 1 ? versions[seats[0]] : versions;
      }
      ws.send(JSON.stringify(join));
    };
    ws.onmessage = (e) => {
      this.heardAt = Date.now();
      this.pingAt = 0; // anything the server says answers the ping
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === 'pong') return;
      if (msg.type === 'joined') {
        this.joined = true;
        this.attempt = 0;
        this.handlers.onStatus('open');
      }
      this.handlers.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      // "Going away" (1001) on a joined connection: the node stopped serving the table and
      // another takes it now, so the first try goes at once (spread over a fifth of a second,
      // so that a node's players do not all arrive in the same millisecond).
      const handedOver = e.code === 1001 && this.attempt === 0;
      this.scheduleReconnect(handedOver ? Math.random() * 200 : undefined);
    };
    ws.onerror = () => {
      // onclose follows and retries
    };
  }

  scheduleReconnect(soon) {
    this.handlers.onStatus('reconnecting');
    const delay = soon ?? RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.closed) this.connect();
    }, delay);
  }

  /// Sends a command; false when there is no joined connection right now.
  send(cmd) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.joined) return false;
    this.ws.send(JSON.stringify(cmd));
    return true;
  }

  /// Stops for good (the page is left).
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.beat);
    if (this.ws) this.ws.close();
    this.ws = null;
    this.handlers.onStatus('closed');
  }

  /// Drops the current connection as a network failure would: it reconnects and joins again
  /// (the table page does this after a gap in the versions).
  drop() {
    if (this.ws) this.ws.close();
  }
}
