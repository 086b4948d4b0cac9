// The websocket to the server, in the messages of protocol ascenseur-web/1
// (/api/protocol.json). It reconnects by itself and joins its game again.

export const VERSION = 1;
const PLAYER_KEY = "ascenseur.player";

/** This browser's player token: the server binds our seats to it. */
export const playerToken = () => localStorage.getItem(PLAYER_KEY);
export const rememberPlayer = (token) => token && localStorage.setItem(PLAYER_KEY, token);

export class GameSocket {
  /**
   * `first` is the message that opens the game (join or new_game); `onMessage(msg)` gets
   * every message; `onStatus(connected)` hears of the connection going and coming back.
   */
  constructor(first, onMessage, onStatus) {
    this.first = first;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ref = 0;
    this.closed = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws.addEventListener("open", () => {
      this.onStatus(true);
      this.send(this.first);
    });
    this.ws.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "welcome") {
        rememberPlayer(message.player);
        // From now on, coming back means joining this game.
        this.first = { type: "join", version: VERSION, game: message.game,
                       player: playerToken(), lang: this.first.lang };
      }
      this.onMessage(message);
    });
    this.ws.addEventListener("close", () => {
      if (this.closed) return;
      this.onStatus(false);
      setTimeout(() => this.closed || this.open(), 1000);
    });
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
