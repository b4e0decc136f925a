// The WebSocket client of one table (docs/protocol.md "The WebSocket"). It joins as a seat (with
// a token) or as a spectator, keeps the last version it applied for each seat, and after a lost
// connection reconnects and joins again with `last_version`, so the server sends exactly the
// events it missed.

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

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
    this.connect();
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
    ws.onopen = () => {
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
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === 'joined') {
        this.joined = true;
        this.attempt = 0;
        this.handlers.onStatus('open');
      }
      this.handlers.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      // onclose follows and retries
    };
  }

  scheduleReconnect() {
    this.handlers.onStatus('reconnecting');
    const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
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
