// The websocket to the server, in the messages of protocol ascenseur-web/2
// (/api/protocol.json). It reconnects by itself and comes back to its seat, asking for what it
// missed since the last version it saw.

export const VERSION = 2;
const TABLES_KEY = "ascenseur.tables";

/** The tables this browser holds a seat at: {table id: seat token}. Never sent in a URL. */
export function heldTables() {
  try {
    const held = JSON.parse(localStorage.getItem(TABLES_KEY));
    return held && typeof held === "object" ? held : {};
  } catch {
    return {};
  }
}

export const tokenOf = (table) => heldTables()[table] || null;

function hold(table, token) {
  localStorage.setItem(TABLES_KEY, JSON.stringify({ ...heldTables(), [table]: token }));
}

/** Take up the seats of another holder on this machine (the terminal's): {table: token}. */
export function adopt(tables) {
  localStorage.setItem(TABLES_KEY, JSON.stringify({ ...heldTables(), ...tables }));
}

export function release(table) {
  const held = heldTables();
  delete held[table];
  localStorage.setItem(TABLES_KEY, JSON.stringify(held));
}

/** A fresh id for an action: a resend after a lost answer is applied once. */
export function newCid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(16)).join("-");
}

/** A close that asks to come back later (the server's storage is away), and the waits. */
const TRY_AGAIN_LATER = 1013;
const RETRY_FIRST = 1000;
const RETRY_MOST = 10000;

export class GameSocket {
  /**
   * `first` is the message that seats us (create, join, watch, resume or claim);
   * `onMessage(msg)` gets every message; `onStatus(connected)` hears of the connection going
   * and coming back.
   */
  constructor(first, onMessage, onStatus) {
    this.first = first;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ref = 0;
    this.version = null;
    this.closed = false;
    this.retry = RETRY_FIRST;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws.addEventListener("open", () => {
      this.onStatus(true);
      const since = this.first.type === "resume" || this.first.type === "watch" ? this.version : undefined;
      this.send(since === null || since === undefined ? this.first : { ...this.first, since });
    });
    this.ws.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "welcome") this.welcomed(message);
      else if (message.type === "state") {
        this.version = message.view.version;
        this.retry = RETRY_FIRST; // back at the table: the next wait starts again from 1 s
      }
      else if (message.type === "error" && ["moved", "removed", "bad-token"].includes(message.code)) {
        if (this.table) release(this.table);
        this.closed = true;
      }
      this.onMessage(message);
    });
    this.ws.addEventListener("close", (event) => {
      if (this.closed) return;
      this.onStatus(false);
      // 1013 "try again later": the server's storage is away. Wait longer each time (1, 2,
      // 4 … 10 s) rather than knocking every second; any other loss retries after 1 s.
      const wait = event.code === TRY_AGAIN_LATER ? this.retry : RETRY_FIRST;
      if (event.code === TRY_AGAIN_LATER) this.retry = Math.min(this.retry * 2, RETRY_MOST);
      setTimeout(() => this.closed || this.open(), wait);
    });
  }

  welcomed(message) {
    this.table = message.table;
    if (message.token) hold(message.table, message.token);
    const token = tokenOf(message.table);
    // From now on, coming back means resuming this seat (or watching again).
    if (message.seat !== null && token) {
      this.first = { type: "resume", version: VERSION, table: message.table, token, lang: this.first.lang };
    }
  }

  /** Send a message; returns its ref, or null while the connection is down. */
  send(message) {
    if (this.ws.readyState !== WebSocket.OPEN) return null;
    const ref = ++this.ref;
    this.ws.send(JSON.stringify({ ...message, ref }));
    return ref;
  }

  close() {
    this.closed = true;
    this.ws.close();
  }
}

/** POST JSON to the server and read its JSON answer. */
export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  return response;
}
