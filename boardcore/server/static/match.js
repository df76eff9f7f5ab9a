// The match page: the server pushes the table (HTML made on the server) over a
// WebSocket whenever the match changes; a click on an option posts the answer.
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

  let version = null;
  let retry = 500;

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
        version = message.version;
        table.innerHTML = message.html;
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

  table.addEventListener("click", async (event) => {
    const button = event.target.closest("button.option");
    if (!button || !token) return;
    table.querySelectorAll("button.option").forEach((b) => (b.disabled = true));
    button.classList.add("chosen");
    boardcore.showError(errorBox, "");
    try {
      await boardcore.api("POST", `/api/matches/${matchId}/answer`, {option: Number(button.dataset.index), version}, token);
    } catch (error) {
      boardcore.showError(errorBox, error.message);
      table.querySelectorAll("button.option").forEach((b) => (b.disabled = false));
      button.classList.remove("chosen");
    }
  });

  connect();
})();
