// The lobby: create a match from a game's form, join an open seat. Each keeps the
// seat's token in this browser and opens the match page at that seat.
"use strict";

(function () {
  const nameInput = document.getElementById("player-name");
  const errorBox = document.getElementById("lobby-error");
  nameInput.value = localStorage.getItem("boardcore.name") || "";
  nameInput.addEventListener("change", () => localStorage.setItem("boardcore.name", nameInput.value.trim()));

  function playerName() {
    return nameInput.value.trim() || null;
  }

  async function sitAt(matchId, seat) {
    const joined = await boardcore.api("POST", `/api/matches/${matchId}/join`, {seat, name: playerName()});
    boardcore.keepSeat(matchId, joined.seat, joined.token);
    window.location.href = `/matches/${matchId}?seat=${joined.seat}`;
  }

  function readValue(text) {
    try {
      return JSON.parse(text);
    } catch (e) {
      return text; // a word such as standard is an option's value as it is
    }
  }

  function showSeats(form) {
    const players = Number(form.elements["players"].value);
    form.querySelectorAll(".seat-choice").forEach((label) => {
      label.hidden = Number(label.dataset.seat) >= players;
    });
  }

  document.querySelectorAll("form.create").forEach((form) => {
    showSeats(form);
    form.elements["players"].addEventListener("change", () => showSeats(form));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      boardcore.showError(errorBox, "");
      const players = Number(form.elements["players"].value);
      const options = {};
      const bots = {};
      const plugins = [];
      for (const element of form.elements) {
        if (!element.name) continue;
        if (element.name.startsWith("option:")) options[element.name.slice(7)] = readValue(element.value);
        if (element.name === "plugin" && element.checked) plugins.push(element.value);
        if (element.name.startsWith("seat:")) {
          const seat = Number(element.name.slice(5));
          if (seat < players && element.value) bots[seat] = element.value;
        }
      }
      // a side chosen: the option's value that gives that side to the seat this person takes
      const mine = [...Array(players).keys()].find((seat) => !(seat in bots));
      form.querySelectorAll("select[data-sides]").forEach((select) => {
        const fitting = JSON.parse(select.dataset.sides).find((each) => each.sides[mine] === select.value);
        if (fitting) options[select.name.slice(5)] = fitting.value;
      });
      try {
        const match = await boardcore.api("POST", "/api/matches", {game: form.dataset.game, players, options, plugins, bots});
        if (Object.keys(bots).length === players) {
          window.location.href = `/matches/${match.id}?watch=1`; // bots only: watch them
        } else {
          await sitAt(match.id, null);
        }
      } catch (error) {
        boardcore.showError(errorBox, error.message);
      }
    });
  });

  document.querySelectorAll("button.join").forEach((button) => {
    button.addEventListener("click", async () => {
      boardcore.showError(errorBox, "");
      try {
        await sitAt(button.dataset.match, Number(button.dataset.seat));
      } catch (error) {
        boardcore.showError(errorBox, error.message);
      }
    });
  });

  document.querySelectorAll("tr[data-match]").forEach((row) => {
    const seats = Object.keys(boardcore.seats(row.dataset.match));
    const link = row.querySelector("a.resume");
    if (seats.length) {
      link.href = `/matches/${row.dataset.match}?seat=${seats[0]}`;
      link.hidden = false;
    }
  });
})();
