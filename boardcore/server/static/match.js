// The match page: the server pushes the table (HTML made on the server) over a
// WebSocket whenever the match changes. A person answers by clicking: a card that an
// option plays, a piece and then one of the squares it may go to, or a button for an
// option that names neither ("done", "pass"). Each answer carries the version of the
// table it was clicked on: the server refuses one chosen on a table that has changed
// since, and this page ignores the second click of a double click and clicks made
// while the table it shows is being replaced.
"use strict";

(function () {
  const table = document.getElementById("table");
  const statusBox = document.getElementById("status");
  const errorBox = document.getElementById("page-error");
  const matchId = table.dataset.match;
  const params = new URLSearchParams(window.location.search);
  const held = boardcore.seats(matchId);

  // Which seat this page plays: ?seat=K if this browser holds its token, else the
  // only seat it holds; ?watch=1 (or no token) watches as a spectator.
  let token = null;
  if (!params.has("watch")) {
    const seat = params.has("seat") ? params.get("seat") : Object.keys(held).sort()[0];
    if (seat !== undefined && held[seat]) token = held[seat];
    else if (params.has("seat")) boardcore.showError(errorBox, `This browser holds no token for seat ${seat}: you are watching.`);
  }

  const SETTLE_MS = 350; // a click this soon after the table changed under the pointer is not taken
  let retry = 500;
  let sending = false; // an answer is on its way: every other click waits for the next table
  let drawnAt = 0;
  let choice = null; // what the person has picked so far on this table: {card} or {from}

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${window.location.host}/api/matches/${matchId}/ws`);
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({token, html: true}));
      statusBox.textContent = "live";
      retry = 500;
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "update") {
        const before = currentVersion();
        table.innerHTML = message.html;
        if (before !== message.version) {
          drawnAt = performance.now();
          sending = false;
        }
        choice = null;
        boardcore.offerClicks(table);
        statusBox.textContent = message.over ? "over" : "live";
      } else if (message.type === "error") {
        boardcore.showError(errorBox, message.error);
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4403 || event.code === 4404) {
        statusBox.textContent = "closed";
        return; // refused: trying again would be refused again
      }
      statusBox.textContent = "reconnecting";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  function currentVersion() {
    const shown = table.querySelector(".table");
    return shown ? Number(shown.dataset.version) : null;
  }

  async function send(index, version) {
    sending = true;
    table.querySelectorAll("button.option").forEach((b) => (b.disabled = true));
    boardcore.showError(errorBox, "");
    try {
      await boardcore.api("POST", `/api/matches/${matchId}/answer`, {option: index, version}, token);
    } catch (error) {
      sending = false;
      boardcore.showError(errorBox, error.message);
      table.querySelectorAll("button.option").forEach((b) => (b.disabled = false));
    }
  }

  table.addEventListener("click", (event) => {
    if (!token) return;
    const shown = event.target.closest(".table");
    if (!shown) return;
    // The second click of a double click, a click while an answer is on its way, or
    // one that lands as the table is redrawn under the pointer: not an answer.
    if (event.detail > 1 || sending || performance.now() - drawnAt < SETTLE_MS) return;
    const version = Number(shown.dataset.version);
    const offers = boardcore.offers(shown);
    const button = event.target.closest("button.option");
    if (button) {
      send(Number(button.dataset.index), version);
      return;
    }
    if (event.target.closest("button.cancel")) {
      choice = null;
      boardcore.highlight(shown, offers, choice);
      return;
    }
    const card = event.target.closest(".card[data-card]");
    const square = event.target.closest("td.sq[data-square]");
    const picked = card ? boardcore.pickCard(offers, card.dataset.card, choice) : square ? boardcore.pickSquare(offers, square.dataset.square, choice) : null;
    if (!picked) return;
    if (picked.answer !== undefined) {
      send(picked.answer, version);
      return;
    }
    choice = picked.choice;
    boardcore.highlight(shown, offers, choice);
  });

  connect();
})();
